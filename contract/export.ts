import { z } from 'zod';

/**
 * Every `…/export` answer (API.md): a `/storage/exports/…xlsx` path the client downloads with its token.
 * The list's own filters go in the query; paging is ignored.
 */
export const exportAnswerSchema = z.object({ download_url: z.string() });
export type ExportAnswer = z.infer<typeof exportAnswerSchema>;

export const EXPORT_URL_PATTERN = /^\/storage\/exports\/[A-Za-z0-9/_.-]+\.xlsx$/;

export const isExportUrl = (url: string): boolean => EXPORT_URL_PATTERN.test(url) && !url.includes('..');

/** Export file names (before the date and random part the server adds). */
export const exportFileNames = {
  orders: '海外合同',
  receipts: '海外收款',
} as const;
