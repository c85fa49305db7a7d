import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  ApartmentOutlined,
  AuditOutlined,
  BellOutlined,
  CarOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  ShoppingCartOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  ApiOutlined,
  SolutionOutlined,
  SwapOutlined,
  ExportOutlined,
  EditOutlined,
  BarChartOutlined,
  FundOutlined,
  TransactionOutlined,
  CloudServerOutlined,
} from '@ant-design/icons';

export type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * One entry of the route table that drives the sidebar, the breadcrumb and the tags (DESIGN.md).
 * `path` is absolute. An entry without `page` and without `children` is a screen of a later issue:
 * the router shows the 建设中 page named after its `title`.
 */
export interface AppRoute {
  path: string;
  title: string;
  icon?: ComponentType;
  /** Not in the sidebar (forms and detail pages); still in breadcrumb, tags and search. */
  hidden?: boolean;
  /** Pinned tag that cannot be closed. */
  affix?: boolean;
  /** The sidebar item lit while a hidden route is open; the first visible sibling when absent. */
  activeMenu?: string;
  /** Only in the Electron app's sidebar (the browser always uses the server that served it). */
  desktopOnly?: boolean;
  page?: LazyPage;
  /** A group: its own path redirects to its first visible child. */
  children?: AppRoute[];
}

/** React.lazy over a named export (the house uses no default exports). */
function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  return lazy(async () => ({ default: await load() }));
}

const dashboardPage = lazyPage(() =>
  import('../features/dashboard/pages/dashboard-page').then((module) => module.DashboardPage),
);
const staffPage = lazyPage(() =>
  import('../features/staff/pages/staff-list-page').then((module) => module.StaffListPage),
);
const connectionPage = lazyPage(() =>
  import('../features/connection/pages/connection-page').then((module) => module.ConnectionPage),
);
const backupPage = lazyPage(() => import('../features/backup/pages/backup-page').then((module) => module.BackupPage));
const customerListPage = lazyPage(() =>
  import('../features/customer/pages/customer-list-page').then((module) => module.CustomerListPage),
);
const customerTypePage = lazyPage(() =>
  import('../features/customer/pages/customer-type-page').then((module) => module.CustomerTypePage),
);
const vinCorrectionPage = lazyPage(() =>
  import('../features/vin-correction/pages/vin-correction-list-page').then((module) => module.VinCorrectionListPage),
);

const overseasListPage = lazyPage(() =>
  import('../features/overseas/pages/overseas-list-page').then((module) => module.OverseasListPage),
);
const overseasFormPage = lazyPage(() =>
  import('../features/overseas/pages/overseas-form-page').then((module) => module.OverseasFormPage),
);
const overseasDetailPage = lazyPage(() =>
  import('../features/overseas/pages/overseas-detail-page').then((module) => module.OverseasDetailPage),
);

const purchaseListPage = lazyPage(() =>
  import('../features/purchase/pages/purchase-list-page').then((module) => module.PurchaseListPage),
);
const purchaseFormPage = lazyPage(() =>
  import('../features/purchase/pages/purchase-form-page').then((module) => module.PurchaseFormPage),
);
const purchaseInfoPage = lazyPage(() =>
  import('../features/purchase/pages/purchase-info-page').then((module) => module.PurchaseInfoPage),
);

const pickupListPage = lazyPage(() =>
  import('../features/pickup/pages/pickup-list-page').then((module) => module.PickupListPage),
);
const pickupFormPage = lazyPage(() =>
  import('../features/pickup/pages/pickup-form-page').then((module) => module.PickupFormPage),
);
const pickupInfoPage = lazyPage(() =>
  import('../features/pickup/pages/pickup-info-page').then((module) => module.PickupInfoPage),
);

const releasePassFormPage = lazyPage(() =>
  import('../features/release/pages/release-pass-form-page').then((module) => module.ReleasePassFormPage),
);
const exportsFormPage = lazyPage(() =>
  import('../features/release/pages/exports-form-page').then((module) => module.ExportsFormPage),
);
const releaseListPage = lazyPage(() =>
  import('../features/release/pages/release-list-page').then((module) => module.ReleaseListPage),
);
const releaseInfoPage = lazyPage(() =>
  import('../features/release/pages/release-info-page').then((module) => module.ReleaseInfoPage),
);

const registryListPage = lazyPage(() =>
  import('../features/registry/pages/registry-list-page').then((module) => module.RegistryListPage),
);
const plateFormPage = lazyPage(() =>
  import('../features/registry/pages/registry-form-page').then((module) => module.PlateFormPage),
);
const plateInfoPage = lazyPage(() =>
  import('../features/registry/pages/registry-info-page').then((module) => module.PlateInfoPage),
);
const transferFormPage = lazyPage(() =>
  import('../features/registry/pages/registry-form-page').then((module) => module.TransferFormPage),
);
const transferInfoPage = lazyPage(() =>
  import('../features/registry/pages/registry-info-page').then((module) => module.TransferInfoPage),
);

const filedListPage = lazyPage(() =>
  import('../features/filed/pages/filed-list-page').then((module) => module.FiledListPage),
);
const taxRefundPage = lazyPage(() =>
  import('../features/filed/pages/filing-form-page').then((module) => module.TaxRefundPage),
);
const deregistrationFormPage = lazyPage(() =>
  import('../features/filed/pages/filing-form-page').then((module) => module.DeregistrationFormPage),
);
const freightFormPage = lazyPage(() =>
  import('../features/filed/pages/filing-form-page').then((module) => module.FreightFormPage),
);
const queryListPage = lazyPage(() =>
  import('../features/filed/pages/query-list-page').then((module) => module.QueryListPage),
);
const filedDetailPage = lazyPage(() =>
  import('../features/filed/pages/filed-detail-page').then((module) => module.FiledDetailPage),
);
const businessInfoPage = lazyPage(() =>
  import('../features/filed/pages/business-info-page').then((module) => module.BusinessInfoPage),
);

const deadlineListPage = lazyPage(() =>
  import('../features/deadline/pages/deadline-list-page').then((module) => module.DeadlineListPage),
);
const deadlineRulesPage = lazyPage(() =>
  import('../features/deadline/pages/deadline-rules-page').then((module) => module.DeadlineRulesPage),
);

const vehicleFilePage = lazyPage(() =>
  import('../features/vehicle/pages/vehicle-file-page').then((module) => module.VehicleFilePage),
);

const ratesPage = lazyPage(() => import('../features/profit/pages/rates-page').then((module) => module.RatesPage));
const profitReportPage = lazyPage(() =>
  import('../features/profit/pages/profit-report-page').then((module) => module.ProfitReportPage),
);

/** The home page: the first breadcrumb of every screen and the pinned tag. */
export const HOME_PATH = '/dashboard';

export const appRoutes: AppRoute[] = [
  { path: HOME_PATH, title: '首页', icon: HomeOutlined, affix: true, page: dashboardPage },
  {
    path: '/transaction',
    title: '业务管理',
    icon: GlobalOutlined,
    children: [
      { path: '/overseas/list', title: '海外合同', icon: SolutionOutlined, page: overseasListPage },
      { path: '/overseas/add', title: '新建海外合同', hidden: true, page: overseasFormPage },
      { path: '/overseas/edit/:id', title: '编辑海外合同', hidden: true, page: overseasFormPage },
      { path: '/overseas/info/:id', title: '合同详情', hidden: true, page: overseasDetailPage },
    ],
  },
  {
    path: '/custom',
    title: '客户管理',
    icon: TeamOutlined,
    children: [
      { path: '/custom/list', title: '客户列表', icon: IdcardOutlined, page: customerListPage },
      { path: '/custom/type', title: '客户类型', hidden: true, page: customerTypePage },
    ],
  },
  {
    path: '/purchase',
    title: '采购管理',
    icon: ShoppingCartOutlined,
    children: [
      { path: '/purchase/list', title: '采购合同', icon: AuditOutlined, page: purchaseListPage },
      { path: '/purchase/add', title: '新建采购合同', hidden: true, page: purchaseFormPage },
      { path: '/purchase/edit/:id', title: '编辑采购合同', hidden: true, page: purchaseFormPage },
      { path: '/purchase/info/:id', title: '采购合同详情', hidden: true, page: purchaseInfoPage },
    ],
  },
  {
    path: '/pickup',
    title: '出入库管理',
    icon: ShopOutlined,
    children: [
      { path: '/pickup/list', title: '入库出库', icon: ApartmentOutlined, page: pickupListPage },
      { path: '/pickup/add', title: '车辆入库', hidden: true, page: pickupFormPage },
      { path: '/pickup/edit/:id', title: '编辑入库', hidden: true, page: pickupFormPage },
      { path: '/pickup/info/:order_id/:p_id/:id', title: '入库详情', hidden: true, page: pickupInfoPage },
    ],
  },
  {
    path: '/dmv',
    title: '车管业务',
    icon: CarOutlined,
    children: [
      { path: '/dmv/list', title: '上牌过户', icon: SwapOutlined, page: registryListPage },
      // The add forms may be opened for one car of a contract (spec part 2: three optional parameters).
      { path: '/dmv/lincense_add/:order_id?/:p_id?/:id?', title: '新增上牌', hidden: true, page: plateFormPage },
      { path: '/dmv/lincense_edit/:id', title: '编辑上牌', hidden: true, page: plateFormPage },
      { path: '/dmv/lincense_info/:order_id/:p_id/:id', title: '上牌详情', hidden: true, page: plateInfoPage },
      { path: '/dmv/transfer_add/:order_id?/:p_id?/:id?', title: '新增过户', hidden: true, page: transferFormPage },
      { path: '/dmv/transfer_edit/:id', title: '编辑过户', hidden: true, page: transferFormPage },
      { path: '/dmv/transfer_info/:order_id/:p_id/:id', title: '过户详情', hidden: true, page: transferInfoPage },
    ],
  },
  {
    path: '/release',
    title: '出口报关',
    icon: ExportOutlined,
    children: [
      { path: '/release/list', title: '出口放行', icon: ExportOutlined, page: releaseListPage },
      { path: '/release/letpass_add', title: '车辆放行', hidden: true, page: releasePassFormPage },
      // Edit links from the release detail page carry the contract and purchase ids as well.
      { path: '/release/letpass_edit/:id', title: '编辑车辆放行', hidden: true, page: releasePassFormPage },
      {
        path: '/release/letpass_edit/:order_id/:p_id/:id',
        title: '编辑车辆放行',
        hidden: true,
        page: releasePassFormPage,
      },
      { path: '/release/letout_add', title: '新增出口报关', hidden: true, page: exportsFormPage },
      { path: '/release/letout_edit/:order_id/:id', title: '编辑出口报关', hidden: true, page: exportsFormPage },
      {
        path: '/release/letout_edit/:order_id/:p_id/:id',
        title: '编辑出口报关',
        hidden: true,
        page: exportsFormPage,
      },
      { path: '/release/info/:order_id/:p_id', title: '放行详情', hidden: true, page: releaseInfoPage },
    ],
  },
  {
    path: '/filed',
    title: '归档管理',
    icon: FolderOpenOutlined,
    children: [
      { path: '/filed/list', title: '归档列表', icon: FolderOpenOutlined, page: filedListPage },
      { path: '/filed/query_list', title: '档案查询', icon: FileSearchOutlined, page: queryListPage },
      { path: '/filed/vin_alter', title: '车架号更正', icon: EditOutlined, page: vinCorrectionPage },
      { path: '/deadline/list', title: '到期提醒', icon: BellOutlined, page: deadlineListPage },
      { path: '/filed/tax_add/:order_id', title: '退税', hidden: true, activeMenu: '/filed/list', page: taxRefundPage },
      {
        path: '/filed/tax_edit/:order_id/:id',
        title: '编辑退税',
        hidden: true,
        activeMenu: '/filed/list',
        page: taxRefundPage,
      },
      {
        path: '/filed/freeze_add/:order_id',
        title: '注销',
        hidden: true,
        activeMenu: '/filed/list',
        page: deregistrationFormPage,
      },
      {
        path: '/filed/freeze_edit/:order_id/:id',
        title: '编辑注销',
        hidden: true,
        activeMenu: '/filed/list',
        page: deregistrationFormPage,
      },
      {
        path: '/filed/freight_add/:order_id',
        title: '运费',
        hidden: true,
        activeMenu: '/filed/list',
        page: freightFormPage,
      },
      {
        path: '/filed/freight_edit/:order_id/:id',
        title: '编辑运费',
        hidden: true,
        activeMenu: '/filed/list',
        page: freightFormPage,
      },
      {
        path: '/filed/detail/:order_id',
        title: '归档详情',
        hidden: true,
        activeMenu: '/filed/list',
        page: filedDetailPage,
      },
      {
        path: '/filed/info/:order_id',
        title: '业务信息',
        hidden: true,
        activeMenu: '/filed/query_list',
        page: businessInfoPage,
      },
      // Every VIN opens it; it sits with 档案查询, the list of every car and its stages.
      { path: '/vehicle/:id', title: '车辆档案', hidden: true, activeMenu: '/filed/query_list', page: vehicleFilePage },
    ],
  },
  {
    path: '/report',
    title: '报表',
    icon: BarChartOutlined,
    children: [{ path: '/report/profit', title: '利润报表', icon: FundOutlined, page: profitReportPage }],
  },
  {
    path: '/setting',
    title: '系统设置',
    icon: SettingOutlined,
    children: [
      { path: '/setting/staff', title: '员工管理', icon: UserOutlined, page: staffPage },
      { path: '/setting/deadlines', title: '期限设置', icon: FieldTimeOutlined, page: deadlineRulesPage },
      { path: '/setting/rates', title: '记账汇率', icon: TransactionOutlined, page: ratesPage },
      { path: '/setting/backup', title: '数据备份', icon: CloudServerOutlined, page: backupPage },
      { path: '/setting/connection', title: '连接设置', icon: ApiOutlined, desktopOnly: true, page: connectionPage },
    ],
  },
];

/** Paths that are not screens of the menu but must lead somewhere (spec part 1, section 2). */
export const routeRedirects: Record<string, string> = {
  '/': HOME_PATH,
  '/transaction': '/overseas/list',
};

/** Screens outside the layout. Without a token only the public ones are reachable (DESIGN.md). */
export const standalonePaths = {
  login: '/login',
  setup: '/setup',
  authRedirect: '/auth-redirect',
  connection: '/connection',
  notFound: '/404',
  unauthorized: '/401',
  redirect: '/redirect',
} as const;

export const publicPaths: readonly string[] = [
  standalonePaths.login,
  standalonePaths.setup,
  standalonePaths.authRedirect,
  standalonePaths.connection,
];
