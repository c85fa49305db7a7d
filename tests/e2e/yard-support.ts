import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { admin, apiToken } from './support';

/**
 * What the yard's specs share (check-in, registry, release pass and the whole story): the fixtures they
 * drop on upload slots, the lists' rows found by VIN, and the API set-up that brings purchase contracts
 * to the stage a spec starts at, as the earlier screens would.
 */

export const fixtures = '../shared/fixtures';

/** A file as the desktop's file manager hands it over: where it is, the name it goes under, its type. */
export interface DroppedFile {
  path: string;
  name: string;
  type: string;
}

export const exteriorPhoto: DroppedFile = {
  path: `${fixtures}/scans/vehicle-exterior.png`,
  name: '外观.png',
  type: 'image/png',
};
export const scannedPage: DroppedFile = {
  path: `${fixtures}/scans/customs-declaration.jpg`,
  name: '扫描件.jpg',
  type: 'image/jpeg',
};

/**
 * Drops files on an upload slot as the desktop's file manager does: a real `drop` event whose
 * DataTransfer carries the files (react-dropzone reads them from it).
 */
export async function dropFiles(page: Page, slot: Locator, files: DroppedFile[]): Promise<void> {
  const payload = files.map((file) => ({ ...file, data: readFileSync(file.path).toString('base64') }));
  // Built in the page (the specs are compiled without the DOM's types, so the code goes as text).
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const file of ${JSON.stringify(payload)}) {
      const bytes = Uint8Array.from(atob(file.data), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  })()`);
  const zone = slot.getByRole('button', { name: /上传文件/ });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** The form item labelled `label` inside `scope` (a page, or one screen of it). */
export const formItem = (scope: Page | Locator, label: string) => {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
};

/** The screen on view (the tabs bar keeps the others mounted, hidden). */
export const shown = (page: Page, selector: string) => page.locator(selector).filter({ visible: true });

/** A list's row holding this text (a VIN) as a cell of its own, on the screen on view. */
export const rowOf = (page: Page, text: string) =>
  page
    .locator('.paged-table tr.ant-table-row')
    .filter({ visible: true })
    .filter({ has: page.getByText(text, { exact: true }) });

/** The pickup list's filters, with its VIN box filled and searched. */
export async function searchPickups(page: Page, vinText: string): Promise<void> {
  const filters = page.getByRole('search', { name: '入库出库筛选' });
  await filters.getByLabel('车架号').fill(vinText);
  await filters.getByRole('button', { name: /搜\s*索/ }).click();
}

/** The registry list on view, its rows, and one row by VIN. */
export const registryList = (page: Page) => shown(page, '.registry-list-page');
export const registryRows = (page: Page) => registryList(page).locator('.paged-table tr.ant-table-row');
export const registryRow = (page: Page, vinText: string) =>
  registryList(page).locator('.paged-table tr.ant-table-row', { has: page.getByText(vinText, { exact: true }) });

/** The registry list's VIN filter, searched. */
export async function filterRegistryVin(page: Page, text: string): Promise<void> {
  await registryList(page)
    .getByRole('textbox', { name: /车架号/ })
    .fill(text);
  await registryList(page)
    .locator('button[type=submit]', { hasText: /搜\s*索/ })
    .click();
}

/** A PNG of the window for people to look at, in a folder of the spec's own. */
export async function screenshotTo(page: Page, folder: string, name: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  // Let toasts and previews finish their entrance before the picture.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${folder}/${name}.png` });
}

type Answer = Awaited<ReturnType<APIRequestContext['get']>>;

/** The answer's `data`, once its status is the one expected (the server's words otherwise). */
export async function dataOf<T>(response: Answer, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text}`).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

/** The administrator's API: its headers, uploads of fixtures, and sends that must succeed. */
export interface YardApi {
  request: APIRequestContext;
  headers: Record<string, string>;
  /** Uploads a fixture (a path under the fixtures folder) into a slot folder; answers its stored path. */
  upload: (dir: string, fixture: string, name: string) => Promise<string>;
  /** A PUT or POST that must answer 2xx; its `data`. */
  send: <T = unknown>(method: 'post' | 'put', path: string, data?: unknown) => Promise<T>;
}

const mimeTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };
const mimeOf = (path: string) => mimeTypes[path.split('.').pop() ?? ''] ?? 'application/octet-stream';

export async function yardApi(request: APIRequestContext): Promise<YardApi> {
  const headers = { Authorization: `Bearer ${await apiToken(request, admin)}` };
  return {
    request,
    headers,
    upload: async (dir, fixture, name) =>
      (
        await dataOf<{ url: string }>(
          await request.post('/api/upload', {
            headers,
            multipart: {
              dir,
              file: { name, mimeType: mimeOf(fixture), buffer: readFileSync(`${fixtures}/${fixture}`) },
            },
          }),
        )
      ).url,
    send: async <T>(method: 'post' | 'put', path: string, data?: unknown) => {
      const response = await request[method](path, { headers, data });
      const text = await response.text();
      expect(response.status(), `${path}: ${text}`).toBeLessThan(300);
      return (JSON.parse(text) as { data: T }).data;
    },
  };
}

export interface PurchaseSetUp {
  /** 1 new cars, 2 used cars. */
  type: 1 | 2;
  purchaseNo: string;
  vins: string[];
  /** The seller, a new customer of the first customer type. */
  seller: string;
  /** The model of the n-th car (from 0). */
  model?: (index: number) => string;
  /** Stored paths of the contract's files. */
  contracts?: string[];
  /** The overseas contract whose cars it buys. */
  orderId?: number;
}

/** A purchase contract saved through the API as the purchase form would; its id. */
export async function createPurchase(api: YardApi, purchase: PurchaseSetUp): Promise<number> {
  const types = await dataOf<Array<{ id: number; kind: string | null }>>(
    await api.request.get('/api/customerType', { headers: api.headers }),
  );
  const { id } = await dataOf<{ id: number }>(
    await api.request.post('/api/purchase', {
      headers: api.headers,
      data: {
        type: purchase.type,
        purchase_no: purchase.purchaseNo,
        amount: purchase.vins.length,
        total: 100_000 * purchase.vins.length,
        name: purchase.seller,
        // A purchase contract's seller is of the seller kind 供应商.
        type_id: types.find((type) => type.kind === 'seller')!.id,
        address: '浙江省杭州市西湖区文三路 1 号',
        contact_way: '0571-88888888',
        contracts: purchase.contracts ?? [],
        ...(purchase.orderId === undefined ? {} : { order_id: purchase.orderId }),
        car: purchase.vins.map((text, index) => ({
          id: 0,
          vin: text,
          model: purchase.model?.(index) ?? '丰田 卡罗拉',
          price: 100_000,
          invoice: 0,
          other: 0,
        })),
      },
    }),
    201,
  );
  return id;
}

/** 移交入库: the contract's cars wait for check-in at the yard. */
export async function handToYard(api: YardApi, purchaseId: number): Promise<void> {
  await api.send('put', `/api/purchase/${purchaseId}/handOver`);
}

/** 免入库 for the whole contract: its cars go on to the registry without a check-in. */
export async function skipCheckIn(api: YardApi, purchaseId: number): Promise<void> {
  await api.send('put', `/api/car/noentry?purchaseId=${purchaseId}`);
}

/** A purchase contract of these cars handed over to the yard (移交入库); its id. */
export async function purchaseAtYard(api: YardApi, purchase: PurchaseSetUp): Promise<number> {
  const id = await createPurchase(api, purchase);
  await handToYard(api, id);
  return id;
}

/** A purchase contract of these cars at the registry (移交入库, then 免入库); its id. */
export async function purchaseInRegistry(api: YardApi, purchase: PurchaseSetUp): Promise<number> {
  const id = await purchaseAtYard(api, purchase);
  await skipCheckIn(api, id);
  return id;
}

/**
 * A new-car purchase contract taken to the release flow as the clerks before the yard's exit would:
 * 移交入库, 免入库, a plating per car, 移交出口 (every car moves); its id.
 */
export async function purchaseAtRelease(api: YardApi, purchase: PurchaseSetUp): Promise<number> {
  const id = await purchaseInRegistry(api, purchase);
  for (const text of purchase.vins) await api.send('post', '/api/car/plateAdd', { vin: text });
  const { moved } = await api.send<{ moved: number }>('put', '/api/car/transferHandOver', { purchase_id: [id] });
  expect(moved).toBe(purchase.vins.length);
  return id;
}

/** A scan from the fixtures' scans folder, dropped under the name the clerk gave it. */
export const scan = (fixture: string, name: string, type: string): DroppedFile => ({
  path: `${fixtures}/scans/${fixture}`,
  name,
  type,
});
export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Drops one file on the labelled slot of `scope` and waits until it is uploaded (the slot offers to delete it). */
export async function dropInto(page: Page, scope: Page | Locator, label: string, file: DroppedFile, filled = 1) {
  const slot = formItem(scope, label);
  await dropFiles(page, slot, [file]);
  await expect(slot.getByRole('button', { name: /^删除 / })).toHaveCount(filled, { timeout: 15_000 });
}

/**
 * 保存, and the toast saying so: an earlier save's toast has gone first (a toast stays three seconds),
 * so the one seen is this form's own.
 */
export async function saveSeeing(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}
