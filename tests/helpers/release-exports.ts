import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ExportsDocument } from '../../contract/release-exports';
import type { Actor } from '../../server/src/app-context';
import type { Db } from '../../server/src/db/database';
import { handOverPurchases } from '../../server/src/lifecycle/hand-over';
import { saveStageRecord } from '../../server/src/lifecycle/stage-record';
import { uploadFixture } from './factories';
import { carLine, type Method } from './overseas';
import { purchaseCar, type PurchaseCarInput } from './purchase';

/** Files uploaded for real into the export declaration's slots: six documents (`document`) and photos (`image`). */
export interface ExportsFiles {
  documents: Record<ExportsDocument, string>;
  photos: string[];
}

/**
 * The declaration's six documents as spec part 2 (section 3) lists them, the four required first: written
 * out, not read from the stage table, so that a slot the table lost or gained changes what the tests send.
 */
export const EXPORTS_FIELDS: readonly ExportsDocument[] = [
  'xkz_image',
  'bgzl_image',
  'bgd_image',
  'td_image',
  'jcbg_image',
  'hgfxtz_image',
];

const documentFixtures: Record<ExportsDocument, [string, string]> = {
  xkz_image: ['scans/deregistration-certificate.pdf', '许可证.pdf'],
  bgzl_image: ['scans/deregistration-certificate.docx', '报关资料.docx'],
  bgd_image: ['scans/customs-declaration.jpg', '报关单.jpg'],
  td_image: ['scans/deregistration-certificate.pdf', '提单.pdf'],
  jcbg_image: ['scans/vehicle-exterior.png', '检测报告.png'],
  hgfxtz_image: ['scans/customs-declaration.jpg', '海关放行通知书.jpg'],
};

export const uploadExportsFiles = async (app: FastifyInstance, token: string): Promise<ExportsFiles> => {
  const documents = {} as Record<ExportsDocument, string>;
  for (const field of EXPORTS_FIELDS) {
    const [fixture, name] = documentFixtures[field];
    documents[field] = await uploadFixture(app, token, 'document', fixture, name);
  }
  return {
    documents,
    photos: [
      await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '装柜.png'),
      await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '封条.jpg'),
    ],
  };
};

/**
 * An export declaration form (spec part 2, section 2) for these VINs of the overseas contract `orderId`,
 * with the first `count` of its six documents (the four required come first).
 */
export const exportsForm = (
  files: ExportsFiles,
  orderId: number,
  vins: string[],
  count: number = EXPORTS_FIELDS.length,
  overrides: Record<string, unknown> = {},
) => ({
  order_id: orderId,
  vin: vins,
  currency: 'USD',
  bgd_sn: '310120260001234567',
  exports_date: '2026-11-20',
  exports_money: '12345.67',
  ...Object.fromEntries(EXPORTS_FIELDS.slice(0, count).map((field) => [field, files.documents[field]])),
  car_image: files.photos,
  b_status: 'draft',
  ...overrides,
});

/** What `contractAppForEachTest` answers that the release set-up below uses. */
interface ReleaseSetUpApp {
  t: { db: Db };
  staff: { id: number };
  call: (
    method: Method,
    url: string,
    payload?: object | string,
    headers?: Record<string, string>,
  ) => Promise<{
    statusCode: number;
    body: string;
    json: () => { data: unknown };
  }>;
  createOrder: (overrides?: Record<string, unknown>) => Promise<number>;
  createPurchase: (overrides?: Record<string, unknown>) => Promise<number>;
  vehicleOf: (vinText: string) => Promise<{ id: number } | undefined>;
}

/**
 * The steps before the release list, through the real routes where a route exists: an overseas contract
 * naming the VINs, a purchase contract of some of them handed to the yard, 免入库, a plating each (the
 * lifecycle's save, without documents), and the hand-over to release and export. Used by the export
 * declaration's and the release list's tests.
 */
export const releaseSetUp = (app: ReleaseSetUpApp) => {
  const actor = (): Actor => ({ userId: app.staff.id, ip: null, requestId: null });
  const idOf = async (vinText: string) => (await app.vehicleOf(vinText))!.id;

  /** An overseas contract naming these VINs; answers its id. */
  const order = (orderNo: string, vins: string[], overrides: Record<string, unknown> = {}) =>
    app.createOrder({ order_no: orderNo, amount: vins.length, cars: vins.map((v) => carLine(v)), ...overrides });

  /** A purchase contract of these VINs under `orderId` (none when null), handed to the yard; answers its id. */
  const purchaseAtYard = async (
    orderId: number | null,
    purchaseNo: string,
    vins: string[],
    car: Partial<PurchaseCarInput> = {},
  ) => {
    const id = await app.createPurchase({
      ...(orderId === null ? {} : { order_id: orderId }),
      purchase_no: purchaseNo,
      amount: vins.length,
      car: vins.map((v) => purchaseCar(v, car)),
    });
    expect((await app.call('PUT', `/api/purchase/${id}/handOver`)).statusCode).toBe(200);
    return id;
  };

  /** The purchase contract's vehicles waiting in the release flow (no check-in, a plating each). */
  const purchaseAtRelease = async (
    orderId: number | null,
    purchaseNo: string,
    vins: string[],
    car: Partial<PurchaseCarInput> = {},
  ) => {
    const id = await purchaseAtYard(orderId, purchaseNo, vins, car);
    expect((await app.call('PUT', `/api/car/noentry?purchaseId=${id}`)).json().data).toEqual({
      moved: vins.length,
      kept: [],
    });
    for (const v of vins) {
      await saveStageRecord(app.t.db, actor(), {
        stage: 'plate',
        vehicleIds: [await idOf(v)],
        fields: {},
        documents: {},
      });
    }
    const moved = await app.t.db.transaction().execute((trx) => handOverPurchases(trx, actor(), 'transfer', [id]));
    expect(moved.moved).toBe(vins.length);
    return id;
  };

  return { actor, idOf, order, purchaseAtYard, purchaseAtRelease };
};
