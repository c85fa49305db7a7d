/** Markdown tables of the load bench's figures. */
import type { LoadResult } from './load';

export const ms = (value: number): string => {
  if (!Number.isFinite(value)) return '–';
  if (value >= 100) return `${Math.round(value).toLocaleString('en-US')} ms`;
  return `${value.toFixed(value >= 10 ? 1 : 2)} ms`;
};

export const rate = (value: number): string =>
  !Number.isFinite(value) ? '–' : value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);

export const ratio = (value: number): string =>
  !Number.isFinite(value) ? '–' : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);

export const markdownTable = (header: string[], rows: string[][]): string => {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
};

export interface LoadRow {
  name: string;
  path: string;
  bytes: number;
  result: LoadResult;
}

/** request | p50 | p95 | req/s | ÷ health, with what did not finish said in the last column. */
export const loadTable = (rows: LoadRow[], healthPerSecond: number): string =>
  markdownTable(
    ['request', 'p50', 'p95', 'req/s', '÷ health', 'answer', 'note'],
    rows.map(({ name, path, bytes, result }) => {
      // Requests in flight when the time is up are dropped (the server still answers them before the
      // next measurement starts); they matter only when few were answered at all.
      const notes = [
        result.ok < 50
          ? `only ${result.ok} answered in ${result.seconds.toFixed(0)} s, ${result.unanswered} dropped unanswered`
          : '',
        result.failed > 0 ? `${result.failed} failed` : '',
      ].filter(Boolean);
      return [
        `\`${path}\` (${name})`,
        ms(result.p50),
        result.ok === 0 ? `> ${Math.round(result.seconds * 1000).toLocaleString('en-US')} ms` : ms(result.p95),
        rate(result.perSecond),
        ratio(result.perSecond / healthPerSecond),
        bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`,
        notes.join('; '),
      ];
    }),
  );
