import dayjs from 'dayjs';

/** A moment as every list shows it: 2026-11-20 09:00:00, in the clerk's time zone; empty when absent. */
export const formatTime = (value: string | null | undefined): string =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';

/** A day as every list and detail shows it: 2026-11-20; empty when absent. */
export const formatDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('YYYY-MM-DD') : '';
