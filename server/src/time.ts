/**
 * Timestamps are stored as ISO 8601 UTC text with milliseconds (`Date#toISOString`) and shown as ISO
 * 8601 with the offset of the server's time zone (API.md: `2026-11-22T17:00:00.000+08:00`). Date-only
 * filters (`YYYY-MM-DD`) are days in that time zone.
 */

/** The current instant in the stored form. */
export const nowIso = (): string => new Date().toISOString();

/**
 * The `updated_at` for a change of a record last changed at `previous`: now, but always later than
 * `previous`, so that two saves within one millisecond still differ and the stale-save check sees them.
 */
export const nextUpdatedAt = (previous: string): string => {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
};

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
};

/**
 * Offsets already worked out, by zone and UTC day: Intl's formatToParts costs microseconds that a list
 * of timestamps or an export of 50,000 rows paid on every one (1.3 s of a 4 s export). A day whose
 * start and end have the same offset has it throughout (a zone never changes twice in a day and back);
 * only the few days with a transition are worked out instant by instant.
 */
const DAY_MS = 86_400_000;
const dayOffsets = new Map<string, number | null>();
const DAY_OFFSETS_MAX = 100_000;

/** Offset of `timeZone` from UTC at `instant`, in minutes (Asia/Shanghai: 480). */
export const offsetMinutes = (instant: Date, timeZone: string): number => {
  const day = Math.floor(instant.getTime() / DAY_MS);
  const key = `${timeZone}|${day}`;
  let known = dayOffsets.get(key);
  if (known === undefined) {
    const atStart = computeOffsetMinutes(new Date(day * DAY_MS), timeZone);
    const atEnd = computeOffsetMinutes(new Date((day + 1) * DAY_MS - 1000), timeZone);
    known = atStart === atEnd ? atStart : null;
    if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
    dayOffsets.set(key, known);
  }
  return known ?? computeOffsetMinutes(instant, timeZone);
};

const computeOffsetMinutes = (instant: Date, timeZone: string): number => {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - wholeSeconds) / 60_000);
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `2026-11-22T01:00:00.000Z` → `2026-11-22T09:00:00.000+08:00` in Asia/Shanghai. */
export const formatTimestamp = (stored: string, timeZone: string): string => {
  const instant = new Date(stored);
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
};

/** The stored form of the first instant of the day `date` (`YYYY-MM-DD`) in `timeZone`. */
export const startOfDay = (date: string, timeZone: string): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the guessed instant may differ from the offset at the real one (DST).
  let instant = midnightAsUtc - offsetMinutes(new Date(midnightAsUtc), timeZone) * 60_000;
  instant = midnightAsUtc - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant).toISOString();
};

/** The stored form of the first instant after the day `date`: an end-inclusive filter is `< endOfDay`. */
export const endOfDayExclusive = (date: string, timeZone: string): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  // The day after 9999-12-31 has no four-digit year: every stored timestamp is before it.
  if (next.getUTCFullYear() > 9999) return LAST_STORED_INSTANT;
  return startOfDay(next.toISOString().slice(0, 10), timeZone);
};

/** Above every stored timestamp (they are ISO strings of four-digit years, compared as text). */
const LAST_STORED_INSTANT = '9999-12-31T23:59:59.999Z';

/**
 * Milliseconds since the epoch of a timestamp a client sent back (`updated_at`), or NaN. Accepts the
 * shown form (with offset) and the stored form alike.
 */
export const parseTimestamp = (value: string): number => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value)) return Number.NaN;
  return Date.parse(value);
};
