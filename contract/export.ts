import { z } from 'zod';

/**
 * Every `…/export` answer (API.md): a `/storage/exports/…xlsx` path the client downloads with its token.
 * The list's own filters go in the query; paging is ignored.
 */
export const exportAnswerSchema = z.object({ download_url: z.string() });
export type ExportAnswer = z.infer<typeof exportAnswerSchema>;

/**
 * 429 when the server already builds as many exports as it allows at once or its export folder is full
 * (EXPORT_CONCURRENCY, EXPORTS_MAX_MB): the clerk tries again a little later.
 */
export const EXPORT_BUSY_MESSAGE = '服务器正忙，请稍后再试';

export const EXPORT_URL_PATTERN = /^\/storage\/exports\/[A-Za-z0-9/_.-]+\.xlsx$/;

export const isExportUrl = (url: string): boolean => EXPORT_URL_PATTERN.test(url) && !url.includes('..');

/** Export file names (before the date and random part the server adds). */
export const exportFileNames = {
  orders: '海外合同',
  receipts: '海外收款',
} as const;
