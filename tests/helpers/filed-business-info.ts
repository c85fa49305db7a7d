import { expect } from 'vitest';
import { exportsForm } from './release-exports';
import { completeFiling, type FilingApp, type FilingFiles } from './filed';
import { entryForm, type EntryFiles } from './pickup';
import { purchaseCar } from './purchase';
import { plateForm, type RegistryFiles, transferForm } from './registry';
import { releaseForm } from './release';

/** Every file a walk through every stage names. */
export interface WalkFiles {
  filing: FilingFiles;
  entry: EntryFiles;
  registry: RegistryFiles;
}

const expectOk = (response: { statusCode: number; body: string }, step: string) =>
  expect(response.statusCode, `${step}: ${response.body}`).toBe(200);

/**
 * Takes vehicles of an overseas contract through every stage by the real routes, as the clerks would: a
 * purchase contract of `vins` (new cars by default, used with `type` 2) handed to the yard, a check-in
 * each, the hand-over to the registry, a plating each for new cars or a transfer each for used ones (all
 * documents), the hand-over to release, one release pass, one export
 * declaration, the release hand-over, then tax refund, deregistration and freight. Answers the purchase
 * contract's id.
 */
export const walkThroughEveryStage = async (
  app: FilingApp,
  files: WalkFiles,
  orderId: number,
  purchaseNo: string,
  vins: string[],
  type: 1 | 2 = 1,
): Promise<number> => {
  const { call } = app;
  const purchaseId = await app.createPurchase({
    order_id: orderId,
    type,
    purchase_no: purchaseNo,
    amount: vins.length,
    car: vins.map((v) => purchaseCar(v)),
  });
  expectOk(await call('PUT', `/api/purchase/${purchaseId}/handOver`), 'purchase hand-over');
  for (const v of vins) expectOk(await call('POST', '/api/car/entryAdd', entryForm(files.entry, v)), 'entryAdd');
  expectOk(await call('PUT', '/api/car/entryHandOver', { purchase_id: [purchaseId] }), 'entryHandOver');
  for (const v of vins) {
    if (type === 1) expectOk(await call('POST', '/api/car/plateAdd', plateForm(files.registry, v)), 'plateAdd');
    else expectOk(await call('POST', '/api/car/transferAdd', transferForm(files.registry, v)), 'transferAdd');
  }
  expectOk(await call('PUT', '/api/car/transferHandOver', { purchase_id: [purchaseId] }), 'transferHandOver');
  expectOk(await call('POST', '/api/car/releaseAdd', releaseForm(files.filing.pass, vins)), 'releaseAdd');
  expectOk(await call('POST', '/api/car/exportsAdd', exportsForm(files.filing.exports, orderId, vins)), 'exportsAdd');
  expectOk(await call('PUT', '/api/car/releaseHandOver', { purchase_id: [purchaseId] }), 'releaseHandOver');
  await completeFiling(app, files.filing, orderId, vins);
  return purchaseId;
};
