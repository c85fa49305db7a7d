import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  breadcrumbFor,
  findRoute,
  flattenRoutes,
  groupRedirects,
  loginPathFor,
  openMenuKeys,
  searchableRoutes,
  selectedMenuKey,
} from './route-tree';
import { appRoutes } from './routes';

describe('route table', () => {
  it('holds every screen of DESIGN.md, each with a Chinese title and a unique path', () => {
    const screens = flattenRoutes();
    const paths = screens.map(({ route }) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/dashboard',
      '/overseas/list',
      '/overseas/add',
      '/overseas/edit/:id',
      '/overseas/info/:id',
      '/custom/list',
      '/custom/type',
      '/purchase/list',
      '/pickup/list',
      '/pickup/info/:order_id/:p_id/:id',
      '/dmv/list',
      '/release/list',
      '/release/info/:order_id/:p_id',
      '/filed/list',
      '/filed/query_list',
      '/filed/vin_alter',
      '/filed/detail/:order_id',
      '/filed/info/:order_id',
      '/setting/staff',
      '/setting/deadlines',
      '/setting/rates',
      '/setting/backup',
      '/report/profit',
      '/filed/tax_edit/:order_id/:id',
      '/setting/connection',
      '/deadline/list',
    ]) {
      expect(paths).toContain(path);
    }
    for (const { route } of screens) expect(route.title).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('pins the dashboard and lists the menu groups in the order of the business', () => {
    expect(appRoutes[0]).toMatchObject({ path: '/dashboard', title: '首页', affix: true });
    expect(appRoutes.slice(1).map((group) => group.title)).toEqual([
      '业务管理',
      '客户管理',
      '采购管理',
      '出入库管理',
      '车管业务',
      '出口报关',
      '归档管理',
      '报表',
      '系统设置',
    ]);
  });

  it('finds the screen of a path with its parameters', () => {
    const match = findRoute('/pickup/info/7/8/9');
    expect(match?.route.title).toBe('入库详情');
    expect(match?.params).toEqual({ order_id: '7', p_id: '8', id: '9' });
    expect(findRoute('/dmv/lincense_add')?.route.title).toBe('新增上牌');
    expect(findRoute('/dmv/lincense_add/1/2/3')?.route.title).toBe('新增上牌');
    expect(findRoute('/nowhere')).toBeUndefined();
  });

  it('builds the breadcrumb from 首页 through the group to the screen', () => {
    expect(breadcrumbFor('/dashboard')).toEqual([{ title: '首页' }]);
    expect(breadcrumbFor('/overseas/edit/12')).toEqual([
      { title: '首页', path: '/dashboard' },
      { title: '业务管理' },
      { title: '编辑海外合同' },
    ]);
    expect(breadcrumbFor('/setting/staff').map((crumb) => crumb.title)).toEqual(['首页', '系统设置', '员工管理']);
    expect(breadcrumbFor('/report/profit').map((crumb) => crumb.title)).toEqual(['首页', '报表', '利润报表']);
    expect(breadcrumbFor('/setting/rates').map((crumb) => crumb.title)).toEqual(['首页', '系统设置', '记账汇率']);
    expect(breadcrumbFor('/setting/backup').map((crumb) => crumb.title)).toEqual(['首页', '系统设置', '数据备份']);
    expect(breadcrumbFor('/401')).toEqual([{ title: '首页' }]);
  });

  it('lights the list in the sidebar while one of its hidden forms is open', () => {
    expect(selectedMenuKey('/overseas/info/3')).toBe('/overseas/list');
    expect(selectedMenuKey('/custom/type')).toBe('/custom/list');
    expect(selectedMenuKey('/filed/info/4')).toBe('/filed/query_list');
    expect(selectedMenuKey('/filed/vin_alter')).toBe('/filed/vin_alter');
    expect(openMenuKeys('/release/letout_edit/1/2')).toEqual(['/release']);
  });

  it('lets the route search reach the menu screens only, with the connection screen on the desktop only', () => {
    const web = searchableRoutes('web');
    expect(web).toContainEqual({ path: '/overseas/list', label: '业务管理 > 海外合同' });
    expect(web).toContainEqual({ path: '/dashboard', label: '首页' });
    expect(web.some((entry) => entry.path.includes(':') || entry.path === '/overseas/add')).toBe(false);
    expect(web.some((entry) => entry.path === '/setting/connection')).toBe(false);
    expect(searchableRoutes('electron').some((entry) => entry.path === '/setting/connection')).toBe(true);
  });

  it('sends each group path to its first screen', () => {
    const redirects = groupRedirects();
    expect(redirects['/transaction']).toBe('/overseas/list');
    expect(redirects['/filed']).toBe('/filed/list');
    expect(redirects['/setting']).toBe('/setting/staff');
  });
});

describe('login redirects', () => {
  it('keeps the wanted screen and its other query params', () => {
    expect(loginPathFor('/setting/staff', '?page=2&tab=1')).toBe('/login?redirect=%2Fsetting%2Fstaff&page=2&tab=1');
    expect(afterLoginPath('?redirect=%2Fsetting%2Fstaff&page=2&tab=1')).toBe('/setting/staff?page=2&tab=1');
  });

  it('accepts the password dialog’s redirect=dashboard and defaults to /', () => {
    expect(afterLoginPath('?redirect=dashboard')).toBe('/dashboard');
    expect(afterLoginPath('')).toBe('/');
  });

  it('never leaves the app', () => {
    expect(afterLoginPath('?redirect=%2F%2Fevil.example%2Fx')).toBe('/');
    expect(afterLoginPath('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(afterLoginPath('?redirect=%2F%5Cevil.example')).toBe('/');
  });
});
