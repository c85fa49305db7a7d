import { z } from 'zod';
import { dateOnly, idField, idParam, optionalFilter, pageQuery } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { blankToUndefined, limitedText, textTooLong } from './fields';

/** Created by the first migration (DOMAIN.md); 1 is the form's default. */
export const CUSTOMER_TYPE_IDS = { overseas: 1, agent: 2 } as const;
export const DEFAULT_CUSTOMER_TYPE_ID = CUSTOMER_TYPE_IDS.overseas;

/**
 * What a customer type is for, kept on the type (`customer_types.kind`, migration 2026_11_27_1200) so
 * that no code depends on a name a clerk may rename: 销外客户 `customer` (an overseas contract's buyer),
 * 代理人 `agent` (the overseas form's agent), 供应商 `seller` (a purchase contract's domestic seller).
 * Types an administrator adds have none (null) and count as customers. A type with a kind is built in:
 * it cannot be deleted.
 */
export const CUSTOMER_TYPE_KINDS = ['customer', 'agent', 'seller'] as const;
export type CustomerTypeKind = (typeof CUSTOMER_TYPE_KINDS)[number];

/** The seller kind's name when the migration creates it (a type already so named is reused). */
export const SELLER_TYPE_NAME = '供应商';

/** The longest text each customer field takes; the customer forms use the same numbers. */
export const customerTextLimits = {
  name: 100,
  type_name: 50,
  address: 200,
  country: 100,
  contact_name: 100,
  contact_way: 100,
} as const;

/** What the customer form calls each field; the too-long messages name it. */
export const customerLabels = {
  name: '客户名称',
  type_name: '类型名称',
  address: '地址',
  country: '国家',
  contact_name: '联系人',
  contact_way: '联系方式',
} as const;

export const customerMessages = {
  nameRequired: '请输入客户名称',
  typeRequired: '请选择客户类型',
  typeNameRequired: '请输入类型名称',
  typeNameTooLong: textTooLong(customerLabels.type_name, customerTextLimits.type_name),
  nameTooLong: textTooLong(customerLabels.name, customerTextLimits.name),
  typeNameTaken: '该客户类型已存在',
  typeUnknown: '客户类型不存在',
  typeInUse: '该客户类型下还有客户，不能删除',
  typeUsedByContract: '该客户类型已被合同使用，不能删除',
  typeBuiltIn: '系统内置的客户类型不能删除',
  /** A purchase contract's seller is filed as 供应商 (issue 24 point 4). */
  purchaseNeedsSeller: `采购合同的客户类型只能是${SELLER_TYPE_NAME}`,
  /** An overseas contract's customer is a buyer abroad, never a domestic seller. */
  orderRefusesSeller: `海外合同的客户类型不能是${SELLER_TYPE_NAME}`,
  customerInUse: '该客户已被合同使用，不能删除',
  customerInUseBy: (contractNo: string) => `该客户已被合同 ${contractNo} 使用，不能删除`,
  created: '新建客户成功',
  updated: '客户编辑成功',
  typeCreated: '新建成功',
  typeUpdated: '编辑成功',
  deleted: '删除成功!',
  createFailed: '操作失败',
  updateFailed: '编辑失败',
  saveFailed: '操作失败',
  deleteFailed: '删除失败',
  deleteConfirm: (name: string) => `此操作将永久删除客户“${name}”, 是否继续?`,
  typeDeleteConfirm: (name: string) => `此操作将永久删除客户类型“${name}”, 是否继续?`,
} as const;

export const customerTypeBody = z.strictObject({
  name: z
    .string({ error: customerMessages.typeNameRequired })
    .trim()
    .min(1, customerMessages.typeNameRequired)
    .max(customerTextLimits.type_name, customerMessages.typeNameTooLong),
});
export type CustomerTypeBody = z.infer<typeof customerTypeBody>;

export const customerNameField = z
  .string({ error: customerMessages.nameRequired })
  .trim()
  .min(1, customerMessages.nameRequired)
  .max(customerTextLimits.name, customerMessages.nameTooLong);

export const customerTypeIdField = z.preprocess(blankToUndefined, idField(customerMessages.typeRequired));

const customerFields = {
  name: customerNameField,
  type_id: customerTypeIdField,
  address: limitedText(customerLabels.address, customerTextLimits.address),
  country: limitedText(customerLabels.country, customerTextLimits.country),
  contact_name: limitedText(customerLabels.contact_name, customerTextLimits.contact_name),
  contact_way: limitedText(customerLabels.contact_way, customerTextLimits.contact_way),
};

export const customerBody = z.strictObject(customerFields);
export type CustomerBody = z.infer<typeof customerBody>;

/** `updated_at` is the stale-save guard (API.md). */
export const customerUpdateBody = z.strictObject({ ...customerFields, updated_at: z.string().optional() });
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;

export const customerListQuery = pageQuery.extend({
  type_id: optionalFilter(idField('客户类型不正确')),
  name: optionalFilter(z.string().trim().max(100)),
  start_time: optionalFilter(dateOnly),
  end_time: optionalFilter(dateOnly),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/**
 * `GET /api/customer/search`: what a select box sends as the clerk types (API.md). `kind` (added with
 * the seller kind) narrows to the types of that kind; `customer` also takes the types an administrator
 * added (no kind): the overseas form's customer box offers neither agents nor sellers.
 */
export const customerSearchQuery = z.strictObject({
  name: optionalFilter(z.string().trim().max(100)),
  type_id: optionalFilter(idField('客户类型不正确')),
  kind: optionalFilter(z.enum(CUSTOMER_TYPE_KINDS, '客户类型不正确')),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;

/** At most this many choices come back: a select box shows a short list, the clerk types more to narrow it. */
export const CUSTOMER_SEARCH_LIMIT = 20;

export const customerTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 1 enabled, 0 not enabled (no screen filters on it yet). */
  status: z.literal([0, 1]),
  /**
   * What the type is for (CUSTOMER_TYPE_KINDS), null for a type an administrator added. Optional for a
   * client talking to a back end that predates it: it then finds the seller kind by its name.
   */
  kind: z.enum(CUSTOMER_TYPE_KINDS).nullable().optional(),
});
export type CustomerType = z.infer<typeof customerTypeSchema>;

export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The type's name. */
  type: z.string(),
  type_id: z.number(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_way: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** `GET /api/customer/all`: the contract form's customer and agent choices. */
export const customerOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  type_id: z.number(),
  address: z.string().nullable(),
  contact_way: z.string().nullable(),
  country: z.string().nullable(),
});
export type CustomerOption = z.infer<typeof customerOptionSchema>;

/** Every endpoint of the customer area (API.md, Customers). */
export const customerEndpoints = {
  listTypes: endpoint({ method: 'GET', path: '/api/customerType', response: z.array(customerTypeSchema) }),
  createType: endpoint({
    method: 'POST',
    path: '/api/customerType',
    body: customerTypeBody,
    response: createdId,
    status: 201,
  }),
  updateType: endpoint({
    method: 'PUT',
    path: '/api/customerType/:id',
    params: idParam,
    body: customerTypeBody,
    response: customerTypeSchema,
  }),
  deleteType: endpoint({
    method: 'DELETE',
    path: '/api/customerType/:id',
    params: idParam,
    response: null,
    status: 204,
  }),
  list: endpoint({ method: 'GET', path: '/api/customer', query: customerListQuery, response: paged(customerSchema) }),
  all: endpoint({ method: 'GET', path: '/api/customer/all', response: z.array(customerOptionSchema) }),
  search: endpoint({
    method: 'GET',
    path: '/api/customer/search',
    query: customerSearchQuery,
    response: z.array(customerOptionSchema),
  }),
  create: endpoint({ method: 'POST', path: '/api/customer', body: customerBody, response: createdId, status: 201 }),
  get: endpoint({ method: 'GET', path: '/api/customer/:id', params: idParam, response: customerSchema }),
  update: endpoint({
    method: 'PUT',
    path: '/api/customer/:id',
    params: idParam,
    body: customerUpdateBody,
    response: customerSchema,
  }),
  delete: endpoint({ method: 'DELETE', path: '/api/customer/:id', params: idParam, response: null, status: 204 }),
};
