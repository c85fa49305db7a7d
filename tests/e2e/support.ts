import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { md5 } from 'js-md5';

/** The administrator the first-run spec creates (and the others create through the API when run alone). */
export const admin = { username: 'admin', password: 'Admin@2026', nickname: '系统管理员', phone: '13800000000' };

export interface Account {
  username: string;
  password: string;
  nickname: string;
  phone: string;
}

export const hashed = (password: string) => md5(md5(password));

const screenshotDir = join('tests', 'artifacts', 'screenshots');

/** Keeps a PNG of the screen for people to look at (tests/artifacts/screenshots). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // Let toasts and drawers finish their entrance before the picture.
  await page.waitForTimeout(400);
  // The window as the clerk sees it: a full-page capture draws the fixed sidebar, the sticky header and open
  // dialogs at the scroll position, halfway down the picture.
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** Waits until dialogs and drawers have finished opening: a click during the zoom can miss the button. */
export const settled = (page: Page) =>
  expect(page.locator('[class*="-appear-active"], [class*="-enter-active"]')).toHaveCount(0);

/**
 * Presses a button of the dialog that shows `text`, once it has finished opening. Confirmations open with
 * a zoom; on a loaded machine a click during it lands beside the button and the dialog stays open.
 */
export async function pressInDialog(page: Page, text: string, button: string | RegExp = /确\s*定/): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await settled(page);
  await dialog.getByRole('button', { name: button }).click();
}

async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${body.message}`);
  return body.data;
}

/** Creates the administrator unless the first-run spec already did. */
export async function ensureAdmin(request: APIRequestContext): Promise<void> {
  const status = await answer<{ needs_setup: boolean }>(await request.get('/api/setup'));
  if (!status.needs_setup) return;
  await answer(
    await request.post('/api/setup', {
      data: {
        username: admin.username,
        nickname: admin.nickname,
        phone_number: admin.phone,
        password: hashed(admin.password),
      },
    }),
  );
}

export async function apiToken(request: APIRequestContext, account: Pick<Account, 'username' | 'password'>) {
  const data = await answer<{ token: string }>(
    await request.post('/api/login', { data: { username: account.username, password: hashed(account.password) } }),
  );
  return data.token;
}

/** An account made by the administrator through the API, for specs that need someone to change. */
export async function createAccount(request: APIRequestContext, account: Account): Promise<number> {
  await ensureAdmin(request);
  const token = await apiToken(request, admin);
  const data = await answer<{ id: number }>(
    await request.post('/api/user', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        username: account.username,
        nickname: account.nickname,
        phone_number: account.phone,
        password: hashed(account.password),
      },
    }),
  );
  return data.id;
}

export async function switchAccount(request: APIRequestContext, id: number): Promise<void> {
  const token = await apiToken(request, admin);
  await answer(await request.put(`/api/user/${id}/switch`, { headers: { Authorization: `Bearer ${token}` } }));
}

/** Fills the login form of the page already showing it. */
export async function fillLogin(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  await page.getByLabel('账号').fill(account.username);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: '登 录' }).click();
}

/** The inline error of the login page (antd's toasts are alerts too). */
export const loginError = (page: Page) => page.locator('form[id="login"] .ant-alert');

/** Logs in through the login page and waits for the layout. */
export async function login(page: Page, account: Pick<Account, 'username' | 'password'> = admin): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, account);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
}

export interface ApiOrder {
  orderNo: string;
  customerName: string;
  vins?: string[];
  agentName?: string;
  /** The new customer's details; a customer in Almaty unless told otherwise. */
  country?: string;
  address?: string;
  contactWay?: string;
}

/**
 * An overseas contract made through the API as the contract form would: its contract file uploaded first,
 * then POST /api/order for a new customer (type 销外客户) with the given cars at 10,000 USD each.
 */
export async function createOrderThroughApi(request: APIRequestContext, order: ApiOrder): Promise<void> {
  const token = await apiToken(request, admin);
  const headers = { Authorization: `Bearer ${token}` };
  const upload = await request.post('/api/upload', {
    headers,
    multipart: {
      dir: 'contract',
      file: {
        name: 'contract.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync('../shared/fixtures/scans/deregistration-certificate.pdf'),
      },
    },
  });
  const { url } = await answer<{ url: string }>(upload);
  const vins = order.vins ?? [];
  const created = await request.post('/api/order', {
    headers,
    data: {
      order_no: order.orderNo,
      amount: Math.max(1, vins.length),
      total: 10000 * Math.max(1, vins.length),
      currency: 'USD',
      agent_name: order.agentName ?? 'E2E 代理人',
      contracts: [url],
      name: order.customerName,
      address: order.address ?? 'Abay Ave 1, Almaty',
      contact_way: order.contactWay ?? '+7 701 000 0000',
      country: order.country ?? '哈萨克斯坦',
      type_id: 1,
      cars: vins.map((vin) => ({ id: 0, vin, model: '大众帕萨特', order_price: 10000, invoice: 0, other: 0 })),
    },
  });
  expect(created.status()).toBe(201);
}
