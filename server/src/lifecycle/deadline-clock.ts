/**
 * The days of the deadlines (DOMAIN.md "Deadlines"): every start, due and stop day is a calendar day in
 * the server's time zone, `YYYY-MM-DD`. The zone is the server's configuration (TZ), set once when the
 * deadline routes are registered; the lifecycle's writes take no configuration, and one server process
 * has one zone.
 */
import { DEADLINE_FIXED_DATES, type DeadlineKey } from '../../../contract/deadline';

const DEFAULT_ZONE = 'Asia/Shanghai';
let zone = DEFAULT_ZONE;
let dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The server's zone, from its configuration (config.ts has already checked it). */
export const useDeadlineTimeZone = (timeZone: string): void => {
  if (timeZone === zone) return;
  zone = timeZone;
  dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
};

/** The calendar day of an instant (a stored timestamp or now) in the server's zone. */
export const dayOf = (instant: string | Date = new Date()): string => dayFormat.format(new Date(instant));

/** Today in the server's zone. */
export const today = (): string => dayOf(new Date());

const DAY_MS = 86_400_000;
const utcOf = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
};

export const addDays = (day: string, days: number): string =>
  new Date(utcOf(day) + days * DAY_MS).toISOString().slice(0, 10);

/** `to − from` in whole days: the days left of a deadline due `to` seen on `from`. */
export const daysBetween = (from: string, to: string): number => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/**
 * The due day of a clock started `startedOn` under a rule of `days`: start + days, or for the tax
 * refund 30 April of the year after the export (exported 2026-12-31 → 2027-04-30; 2027-01-01 → 2028-04-30).
 */
export const dueOn = (key: DeadlineKey, startedOn: string, days: number): string => {
  const fixed = DEADLINE_FIXED_DATES[key];
  if (fixed) return `${Number(startedOn.slice(0, 4)) + 1}-${fixed}`;
  return addDays(startedOn, days);
};
