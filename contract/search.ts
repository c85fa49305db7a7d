/**
 * One search box (`GET /api/search`, API.md "Beyond the seeds"): any part of a VIN, of an overseas or
 * purchase contract number, of a customs declaration number, or of a customer's name, grouped by kind.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 20;
/** Longer than any VIN, contract number or name a clerk would type; longer text finds nothing anyway. */
export const SEARCH_TEXT_MAX = 64;

export const searchMessages = {
  textRequired: '请输入要搜索的内容',
  textTooLong: `搜索内容不能超过 ${SEARCH_TEXT_MAX} 个字`,
  limitFormat: '数量不正确',
  /** The box's empty state: what can be searched. */
  hint: '可搜索车架号（如后4–6位）、海外合同号、采购合同号、报关单号或客户名称',
  nothingFound: '没有找到相关的车辆、合同、报关单或客户',
} as const;

export const searchQuery = z.object({
  q: z
    .string({ error: searchMessages.textRequired })
    .trim()
    .min(1, searchMessages.textRequired)
    .max(SEARCH_TEXT_MAX, searchMessages.textTooLong),
  limit: z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? SEARCH_LIMIT_DEFAULT
        : typeof value === 'string' && /^\d{1,3}$/.test(value)
          ? Number(value)
          : value,
    z
      .number({ error: searchMessages.limitFormat })
      .int(searchMessages.limitFormat)
      .min(1, searchMessages.limitFormat)
      .max(SEARCH_LIMIT_MAX, searchMessages.limitFormat),
  ),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchAnswerSchema = z.object({
  vehicles: z.array(
    z.object({ id: z.number(), vin: z.string(), model: z.string().nullable(), order_no: z.string().nullable() }),
  ),
  orders: z.array(z.object({ id: z.number(), order_no: z.string(), customer_name: z.string() })),
  purchases: z.array(z.object({ id: z.number(), purchase_no: z.string(), customer_name: z.string() })),
  exports: z.array(
    z.object({
      id: z.number(),
      bgd_sn: z.string(),
      order_id: z.number(),
      order_no: z.string(),
      purchase_id: z.number().nullable(),
    }),
  ),
  customers: z.array(z.object({ id: z.number(), name: z.string(), type: z.number() })),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const searchEndpoints = {
  search: endpoint({ method: 'GET', path: '/api/search', query: searchQuery, response: searchAnswerSchema }),
};
