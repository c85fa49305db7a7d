/**
 * The business information page (/filed/info/{order_id}; spec part 2, sections 2 and 7; API.md, Cars:
 * procedureRead, getPurchaseLists): one vehicle of an overseas contract with every record of its life.
 *
 * `procedureRead?procedureId=<car id>` answers the vehicle, its overseas contract as `GET /api/order/{id}`
 * answers it (customer, agreement, cars, receipts), the id of its purchase contract, and each stage's
 * records in the very shapes of the stage's own read (`entryRead`, `plateRead`, `transferRead`,
 * `releaseRead`, `exportsRead`, the contract's drawback / archive / freight records): the page shows them
 * with the same views as the stage's own pages. A vehicle has at most one record per stage, so each list
 * holds none or one; an empty list is a stage without a record (the page's tab is then disabled).
 *
 * `getPurchaseLists?order_id=` answers the purchase contracts holding vehicles of that overseas contract;
 * the page's purchase tab loads the chosen one with `GET /api/purchase/{id}` (contract/purchase.ts).
 */
import { z } from 'zod';
import { idField } from './common';
import { endpoint } from './endpoint';
import { exportsRecordSchema } from './release-exports';
import { archiveRecordSchema, drawbackRecordSchema, freightRecordSchema, orderSchema } from './overseas';
import { entrySchema } from './pickup';
import { PURCHASE_TYPES } from './purchase';
import { plateSchema, transferSchema } from './registry';
import { releasePassSchema } from './release';
import { FLOWS, STAGES, type Stage } from './stage';

export const procedureReadMessages = {
  carUnknown: '车辆不存在',
  orderUnknown: '海外合同不存在',
  /** The page's header picker, and a `?car=` of another contract. */
  carNotOnOrder: '该车辆不属于此海外合同，已显示合同的第一辆车',
  noCars: '该海外合同还没有车辆',
} as const;

export const procedureReadQuery = z.object({ procedureId: idField(procedureReadMessages.carUnknown) });
export type ProcedureReadQuery = z.infer<typeof procedureReadQuery>;

export const purchaseListsQuery = z.object({ order_id: idField(procedureReadMessages.orderUnknown) });
export type PurchaseListsQuery = z.infer<typeof purchaseListsQuery>;

/** The vehicle itself: where it is and its eight stage values (0 none, 1 documents missing, 2 complete). */
export const procedureCarSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  order_id: z.number().nullable(),
  purchase_id: z.number().nullable(),
  flow: z.enum(FLOWS).nullable(),
  ...(Object.fromEntries(STAGES.map((stage) => [stage, z.number()])) as Record<Stage, z.ZodNumber>),
  created_at: z.string(),
});
export type ProcedureCar = z.infer<typeof procedureCarSchema>;

/** `procedureRead`: everything the business information page shows for one vehicle. */
export const procedureReadSchema = z.object({
  car: procedureCarSchema,
  /** Its overseas contract, as `GET /api/order/{id}` answers it; null for a vehicle on none. */
  order: orderSchema.nullable(),
  /** The purchase contract(s) holding it (a vehicle is on at most one). */
  purchase: z.array(z.number()),
  /** Check-in (入库): `entryRead`'s answer. */
  entry: z.array(entrySchema),
  /** Release pass (出库): `releaseRead`'s answer. */
  release: z.array(releasePassSchema),
  /** Plating (上牌): `plateRead`'s answer. */
  plate: z.array(plateSchema),
  /** Transfer (过户): `transferRead`'s answer. */
  transfer: z.array(transferSchema),
  /** Export declaration (出口报关): `exportsRead`'s answer. */
  exports: z.array(exportsRecordSchema),
  /** Tax refund, deregistration, freight (归档): the contract's records holding this vehicle. */
  drawback: z.array(drawbackRecordSchema),
  archive: z.array(archiveRecordSchema),
  freight: z.array(freightRecordSchema),
});
export type ProcedureRead = z.infer<typeof procedureReadSchema>;

/** A purchase contract holding vehicles of the overseas contract (the purchase tab's picker). */
export const purchaseListsItemSchema = z.object({
  id: z.number(),
  purchase_no: z.string(),
  /** 1 new car, 2 used car. */
  type: z.literal([PURCHASE_TYPES.newCar, PURCHASE_TYPES.usedCar]),
  customer_name: z.string(),
  /** How many of the overseas contract's vehicles it holds. */
  car_count: z.number(),
  created_at: z.string(),
});
export type PurchaseListsItem = z.infer<typeof purchaseListsItemSchema>;

export const procedureReadEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/car/procedureRead',
    query: procedureReadQuery,
    response: procedureReadSchema,
  }),
  purchaseLists: endpoint({
    method: 'GET',
    path: '/api/car/getPurchaseLists',
    query: purchaseListsQuery,
    response: z.array(purchaseListsItemSchema),
  }),
};
