import type { FastifyInstance } from 'fastify';
import { uploadFixture } from './factories';
import { vin } from './overseas';

/** Files uploaded for real into the slots the purchase form and the remittance dialog use. */
export interface PurchaseFiles {
  /** `purchase` slot (the purchase form's), a PDF. */
  contract: string;
  /** `purchase` slot: a supplier's contract as a zip, which only the purchase and agreement slots take. */
  contractZip: string;
  /** `contract` slot: a file saved before the purchase slot existed. */
  olderContract: string;
  /** `image` slot: a bank slip. */
  bankSlip: string;
}

export const uploadPurchaseFiles = async (app: FastifyInstance, token: string): Promise<PurchaseFiles> => ({
  contract: await uploadFixture(app, token, 'purchase', 'scans/deregistration-certificate.pdf', '采购合同.pdf'),
  contractZip: await uploadFixture(app, token, 'purchase', 'scans/contract-bundle.zip', '采购合同.zip'),
  olderContract: await uploadFixture(app, token, 'contract', 'scans/deregistration-certificate.pdf', '旧合同.pdf'),
  bankSlip: await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '银行回单.jpg'),
});

export interface PurchaseCarInput {
  id?: number;
  vin: string;
  model?: string;
  price?: number | string;
  invoice?: number | string;
  other?: number | string;
}

export const purchaseCar = (vinText: string, overrides: Partial<PurchaseCarInput> = {}): PurchaseCarInput => ({
  id: 0,
  vin: vinText,
  model: '大众 帕萨特 2021款',
  price: 150_000,
  invoice: 0,
  other: 0,
  ...overrides,
});

/**
 * The seller kind 供应商 in a new database: migration 2026_11_27_1200 adds it after 销外客户 (1) and
 * 代理人 (2). A purchase contract's customer type must be it.
 */
export const SELLER_TYPE_ID = 3;

/** A complete purchase form (spec part 2, section 5) that creates its seller. */
export const purchaseForm = (files: PurchaseFiles, overrides: Record<string, unknown> = {}) => ({
  type: 2,
  total: 300_000,
  purchase_no: 'CG-2026-001',
  amount: 3,
  name: '杭州二手车行',
  type_id: SELLER_TYPE_ID,
  address: '浙江省杭州市西湖区文三路 1 号',
  contact_way: '13800000000',
  contracts: [files.contract],
  car: [purchaseCar(vin(1, 'LGB')), purchaseCar(vin(2, 'LGB'), { price: '120000.5', invoice: 500, other: 20.25 })],
  b_status: 'draft',
  ...overrides,
});

export const remitForm = (files: PurchaseFiles, overrides: Record<string, unknown> = {}) => ({
  amount: 100_000,
  bank_slips: files.bankSlip,
  ...overrides,
});
