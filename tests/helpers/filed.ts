import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { contractAppForEachTest } from './contract-app';
import { type ExportsFiles, exportsForm, releaseSetUp, uploadExportsFiles } from './release-exports';
import { uploadFixture } from './factories';
import { carLine } from './overseas';
import { type ReleasePassFiles, releaseForm, uploadReleasePassFiles } from './release';

/** What the walk needs of the contract tests' frame (tests/helpers/contract-app.ts, with the purchase files). */
export type FilingApp = Pick<
  ReturnType<typeof contractAppForEachTest>,
  't' | 'staff' | 'call' | 'createOrder' | 'createPurchase' | 'vehicleOf'
>;

/** Files uploaded for real into the filing records' slots: the certificate, freight invoice and slip, photos. */
export interface FiledFiles {
  certificate: string;
  invoice: string;
  paymentSlip: string;
  photos: string[];
}

export const uploadFiledFiles = async (app: FastifyInstance, token: string): Promise<FiledFiles> => ({
  certificate: await uploadFixture(app, token, 'document', 'scans/deregistration-certificate.pdf', '注销证明.pdf'),
  invoice: await uploadFixture(app, token, 'document', 'scans/customs-declaration.jpg', '运费发票.jpg'),
  paymentSlip: await uploadFixture(app, token, 'document', 'scans/deregistration-certificate.docx', '运费付款单.docx'),
  photos: [
    await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '装船.png'),
    await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '集装箱.jpg'),
  ],
});

/** Every file the walk and the filing forms name, uploaded once per test. */
export interface FilingFiles {
  pass: ReleasePassFiles;
  exports: ExportsFiles;
  filed: FiledFiles;
}

export const uploadFilingFiles = async (app: FastifyInstance, token: string): Promise<FilingFiles> => ({
  pass: await uploadReleasePassFiles(app, token),
  exports: await uploadExportsFiles(app, token),
  filed: await uploadFiledFiles(app, token),
});

/** A tax-refund form (spec part 2, section 3: order_id, vin list). */
export const drawbackForm = (orderId: number, vins: string[], overrides: Record<string, unknown> = {}) => ({
  order_id: orderId,
  vin: vins,
  b_status: 'draft',
  ...overrides,
});

/** A deregistration form with its certificate. */
export const archiveForm = (
  files: FiledFiles,
  orderId: number,
  vins: string[],
  overrides: Record<string, unknown> = {},
) => ({
  order_id: orderId,
  vin: vins,
  zxzm_image: files.certificate,
  b_status: 'draft',
  ...overrides,
});

/** A freight form with the first `count` of its two documents (invoice, payment slip) and two photos. */
export const freightForm = (
  files: FiledFiles,
  orderId: number,
  vins: string[],
  count = 2,
  overrides: Record<string, unknown> = {},
) => ({
  order_id: orderId,
  vin: vins,
  ...(count >= 1 ? { yffp_image: files.invoice } : {}),
  ...(count >= 2 ? { yffkd_image: files.paymentSlip } : {}),
  car_image: files.photos,
  b_status: 'draft',
  ...overrides,
});

const expectOk = (response: { statusCode: number; body: string }, step: string) =>
  expect(response.statusCode, `${step}: ${response.body}`).toBe(200);

/**
 * Takes vehicles of an overseas contract to filing through the real endpoints: the release set-up shared
 * with the export tests (a purchase contract of `vins` handed to the yard, 免入库, a plating each, the
 * hand-over to release), then one release pass, one export declaration with all six documents, and the
 * release hand-over. Answers the purchase contract's id.
 */
export const walkPurchaseToFiling = async (
  app: FilingApp,
  files: FilingFiles,
  orderId: number,
  purchaseNo: string,
  vins: string[],
): Promise<number> => {
  const { call } = app;
  const purchaseId = await releaseSetUp(app).purchaseAtRelease(orderId, purchaseNo, vins);
  expectOk(await call('POST', '/api/car/releaseAdd', releaseForm(files.pass, vins)), 'releaseAdd');
  expectOk(await call('POST', '/api/car/exportsAdd', exportsForm(files.exports, orderId, vins)), 'exportsAdd');
  const handOver = await call('PUT', '/api/car/releaseHandOver', { purchase_id: [purchaseId] });
  expectOk(handOver, 'releaseHandOver');
  expect(handOver.json().data).toEqual({ moved: vins.length, kept: [] });
  return purchaseId;
};

/** An overseas contract of `vins`, handed to purchasing (status 2), its vehicles all in filing; answers both ids. */
export const contractInFiling = async (
  app: FilingApp,
  files: FilingFiles,
  orderNo: string,
  vins: string[],
): Promise<{ orderId: number; purchaseId: number }> => {
  const orderId = await app.createOrder({ order_no: orderNo, amount: vins.length, cars: vins.map((v) => carLine(v)) });
  expectOk(await app.call('PUT', `/api/order/${orderId}/handOver`), 'order hand-over');
  const purchaseId = await walkPurchaseToFiling(app, files, orderId, `CG-${orderNo}`, vins);
  return { orderId, purchaseId };
};

/**
 * Finishes filing for `vins` of the contract: one tax refund, one deregistration, one freight record with
 * both documents (the contract becomes status 6 when these were its last vehicles).
 */
export const completeFiling = async (app: FilingApp, files: FilingFiles, orderId: number, vins: string[]) => {
  const { call } = app;
  expectOk(await call('POST', '/api/car/drawbackAdd', drawbackForm(orderId, vins)), 'drawbackAdd');
  expectOk(await call('POST', '/api/car/archiveAdd', archiveForm(files.filed, orderId, vins)), 'archiveAdd');
  const freight = await call('POST', '/api/car/freightAdd', freightForm(files.filed, orderId, vins));
  expectOk(freight, 'freightAdd');
  return { freightId: freight.json().data.id as number };
};
