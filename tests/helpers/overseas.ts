import type { FastifyInstance } from 'fastify';
import { bearer, uploadFixture } from './factories';

/**
 * Helpers of the overseas-contract tests (customers, contracts, receipts, cars, VIN corrections): a
 * caller bound to a token, valid VINs, and a complete contract form to override field by field.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const caller =
  (app: FastifyInstance, token: string) =>
  (method: Method, url: string, payload?: object | string, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

/** A valid 17-character VIN (no I, O, Q) numbered `n`, with a prefix to tell groups apart. */
export const vin = (n: number, prefix = 'LSV'): string => `${prefix}${String(n).padStart(17 - prefix.length, '0')}`;

/** Files uploaded for real into the slots the contract form and the receipt dialogs use. */
export interface OverseasFiles {
  /** `contract` slot, a PDF. */
  contract: string;
  /** `contract` slot, a second contract file (a picture). */
  contractScan: string;
  /** `agreement` slot, a zip. */
  agreement: string;
  /** `image` slot: a proof of payment or a tax slip. */
  proof: string;
}

/**
 * Uploads the files a contract and its receipts name, through POST /api/upload: a record may name only
 * files uploaded into the field's slot.
 */
export const uploadOverseasFiles = async (app: FastifyInstance, token: string): Promise<OverseasFiles> => ({
  contract: await uploadFixture(app, token, 'contract', 'scans/deregistration-certificate.pdf', '合同.pdf'),
  contractScan: await uploadFixture(app, token, 'contract', 'scans/customs-declaration.jpg', '合同扫描.jpg'),
  agreement: await uploadFixture(app, token, 'agreement', 'scans/contract-bundle.zip', '代理协议.zip'),
  proof: await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '支付证明.jpg'),
});

export interface CarLineInput {
  id?: number;
  vin: string;
  model?: string;
  order_price?: number | string;
  invoice?: number | string;
  other?: number | string;
}

export const carLine = (vinText: string, overrides: Partial<CarLineInput> = {}): CarLineInput => ({
  id: 0,
  vin: vinText,
  model: '丰田 卡罗拉 2020款',
  order_price: 10_000,
  invoice: 0,
  other: 0,
  ...overrides,
});

/** A complete contract form (spec part 1, section 3) that creates its customer. */
export const orderForm = (files: OverseasFiles, overrides: Record<string, unknown> = {}) => ({
  order_no: 'HW-2026-001',
  amount: 3,
  total: 30_000.5,
  currency: 'USD',
  agent_name: '代理人甲',
  contracts: [files.contract],
  name: 'Global Motors LLC',
  address: 'Dubai, Deira 12',
  contact_way: '+971 50 123 4567',
  country: '阿联酋',
  type_id: 1,
  cars: [carLine(vin(1)), carLine(vin(2), { order_price: '12000.25', invoice: 100, other: 50.5 })],
  b_status: 'draft',
  ...overrides,
});

export const receiptForm = (files: OverseasFiles, overrides: Record<string, unknown> = {}) => ({
  amount: 1000.5,
  currency: 'USD',
  receipt_no: 'SK-001',
  receipted_at: '2026-11-20',
  is_deposit: 0,
  proof: files.proof,
  ...overrides,
});
