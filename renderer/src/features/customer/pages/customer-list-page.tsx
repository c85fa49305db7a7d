import { useCallback, useEffect, useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Empty, Space, Tabs, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, TagsOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customerMessages, type Customer, type CustomerListQuery } from '../../../../../contract/customer';
import { isHttpError } from '../../../api/http-client';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import { TimeCell } from '../../../components/time-cell';
import { usePagedList } from '../../../components/use-paged-list';
import { deleteCustomer } from '../api/delete-customer';
import { getCustomer } from '../api/get-customer';
import { customersQueryKey, listCustomersQuery } from '../api/list-customers';
import { CustomerFormDrawer } from '../components/customer-form-drawer';
import { useCustomerTypes } from '../hooks/use-customer-types';

export const CUSTOMER_TYPE_PATH = '/custom/type';

/** `/custom/list?open=<id>` (the top bar's search): that customer's drawer opens, on its type's tab. */
export const OPEN_CUSTOMER_PARAM = 'open';

/**
 * The customer a link asks to open: read fresh (its drawer saves with its `updated_at`), then handed to
 * `onOpen` once and the parameter dropped, so that closing the drawer does not open it again.
 */
function useOpenFromLink(onOpen: (customer: Customer) => void) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(OPEN_CUSTOMER_PARAM));
  const wanted = Number.isInteger(id) && id > 0;
  const customer = useQuery({
    queryKey: [...customersQueryKey, 'open', id],
    queryFn: ({ signal }) => getCustomer(id, { signal }),
    enabled: wanted,
    staleTime: 0,
    gcTime: 0,
  });
  const found = customer.data;
  const failed = customer.isError;
  const present = params.has(OPEN_CUSTOMER_PARAM);
  useEffect(() => {
    if (!present || !(found || failed || !wanted)) return;
    if (found) onOpen(found);
    // The client has said why a customer could not be read (a deleted one: 记录不存在).
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_CUSTOMER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [present, found, failed, wanted, onOpen, setParams]);
}

type DrawerState = { open: false } | { open: true; customer?: Customer };

/** Long names, countries and addresses wrap (also inside a word) instead of ending in … behind a tooltip. */
const wrapAnywhere = () => ({ style: { overflowWrap: 'anywhere' as const } });

/**
 * A customer's columns, with the filters of the bar (客户名称, 创建时间 as a day range). Widths that fit a
 * 1366 px office screen without a horizontal scroll. Every text is read without hovering (issue 7): long
 * ones wrap, and the address, the longest, takes the width that is left.
 */
const customerFields: FieldDescription<Customer, CustomerListQuery>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 56 },
  {
    key: 'name',
    title: '客户名称',
    dataIndex: 'name',
    width: 160,
    onCell: wrapAnywhere,
    filter: { kind: 'text', key: 'name', width: 200 },
  },
  { key: 'type', title: '客户类型', dataIndex: 'type', width: 88, onCell: wrapAnywhere },
  { key: 'country', title: '国家', dataIndex: 'country', width: 88, onCell: wrapAnywhere },
  { key: 'contact_name', title: '联系人', dataIndex: 'contact_name', width: 96, onCell: wrapAnywhere },
  { key: 'contact_way', title: '联系方式', dataIndex: 'contact_way', width: 136, onCell: wrapAnywhere },
  { key: 'address', title: '地址', dataIndex: 'address', onCell: wrapAnywhere },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 96,
    render: (value: string) => <TimeCell value={value} />,
    // Sent as start_time / end_time.
    filter: { kind: 'dateRange', name: 'created' },
  },
];

export function CustomerListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [chosenTypeId, setChosenTypeId] = useState<number>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  useOpenFromLink(
    useCallback((customer: Customer) => {
      setChosenTypeId(customer.type_id);
      setDrawer({ open: true, customer });
    }, []),
  );

  const types = useCustomerTypes();
  const typeList = types.data ?? [];
  // The first type is selected until the clerk picks another (spec: the first tab is pre-selected).
  const activeTypeId = typeList.some((type) => type.id === chosenTypeId) ? chosenTypeId : typeList[0]?.id;

  const list = usePagedList(
    // The tab's type is one more filter of the query; the filter bar does not hold it.
    (filters: FilterValues, page: number) => listCustomersQuery({ ...filters, type_id: activeTypeId as number }, page),
    { enabled: activeTypeId !== undefined },
  );
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: customersQueryKey }), [queryClient]);

  // A checked row belongs to the page it was checked on: every change of page, tab or filter unchecks.
  const uncheck = useCallback(() => setSelected([]), []);

  const remove = (customer: Customer) => {
    modal.confirm({
      title: '提示',
      content: customerMessages.deleteConfirm(customer.name),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteCustomer(customer.id);
          message.success(customerMessages.deleted);
          await refresh();
        } catch (deleteError) {
          // A customer on a contract is refused (409): say why in a dialog the clerk must read.
          modal.warning({
            title: '无法删除该客户',
            content: isHttpError(deleteError) ? deleteError.message : customerMessages.deleteFailed,
            okText: '知道了',
          });
        }
      },
    });
  };

  const { columns, filters } = listFields<Customer, CustomerListQuery>([
    ...customerFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 112,
      fixed: 'right',
      render: (_: unknown, customer: Customer) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`编辑客户 ${customer.name}`}
            onClick={() => setDrawer({ open: true, customer })}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除客户 ${customer.name}`}
            onClick={() => remove(customer)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]);

  const activeTypeName = typeList.find((type) => type.id === activeTypeId)?.name ?? '';
  const manageTypes = (
    <Button type="link" icon={<TagsOutlined />} onClick={() => navigate(CUSTOMER_TYPE_PATH)}>
      管理客户类型
    </Button>
  );

  let replaceTable;
  if (types.isError) {
    replaceTable = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="客户类型加载失败">
        <Button onClick={() => void types.refetch()}>重试</Button>
      </Empty>
    );
  } else if (types.isSuccess && typeList.length === 0) {
    replaceTable = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有客户类型，请先添加客户类型，再添加客户">
        <Button type="primary" onClick={() => navigate(CUSTOMER_TYPE_PATH)}>
          去添加客户类型
        </Button>
      </Empty>
    );
  }

  return (
    <ListScreen<Customer, FilterValues>
      className="customer-list-page"
      list={list}
      columns={columns}
      label={`客户列表：${activeTypeName}`}
      filterLabel="客户筛选"
      filters={filters}
      filterExtra={
        <>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={typeList.length === 0}
            onClick={() => setDrawer({ open: true })}
          >
            新增客户
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
            刷新
          </Button>
        </>
      }
      onPageChange={uncheck}
      replaceTable={replaceTable}
      aboveTable={
        <>
          <Tabs
            activeKey={activeTypeId === undefined ? undefined : String(activeTypeId)}
            onChange={(key) => {
              setChosenTypeId(Number(key));
              list.goToPage(1);
              uncheck();
            }}
            items={typeList.map((type) => ({ key: String(type.id), label: type.name }))}
            tabBarExtraContent={manageTypes}
          />
          {selected.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              已选择 {selected.length} 个客户
              <Button type="link" size="small" onClick={uncheck}>
                取消选择
              </Button>
            </Typography.Paragraph>
          )}
        </>
      }
      emptyText={{
        empty: `“${activeTypeName}”下暂无客户，点击“新增客户”添加`,
        filtered: '没有符合条件的客户，请修改筛选条件或点击“重置”',
      }}
      table={{
        loading: types.isPending || list.loading,
        rowSelection: { selectedRowKeys: selected, onChange: setSelected },
        scroll: { x: 1000 },
      }}
    >
      <CustomerFormDrawer
        open={drawer.open}
        customer={drawer.open ? drawer.customer : undefined}
        types={typeList}
        defaultTypeId={activeTypeId}
        onClose={() => setDrawer({ open: false })}
        onSaved={() => {
          setDrawer({ open: false });
          void refresh();
        }}
      />
    </ListScreen>
  );
}
