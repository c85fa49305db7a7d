import { describe, expect, it } from 'vitest';
import { endOfDayExclusive, formatTimestamp, parseTimestamp, startOfDay } from './time';

describe('time', () => {
  it('shows a stored timestamp with the offset of the time zone', () => {
    expect(formatTimestamp('2026-11-22T01:02:03.456Z', 'Asia/Shanghai')).toBe('2026-11-22T09:02:03.456+08:00');
    expect(formatTimestamp('2026-11-22T20:00:00.000Z', 'Asia/Shanghai')).toBe('2026-11-23T04:00:00.000+08:00');
    expect(formatTimestamp('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('2026-07-01T08:00:00.000-04:00');
    expect(formatTimestamp('2026-01-01T12:00:00.000Z', 'UTC')).toBe('2026-01-01T12:00:00.000+00:00');
  });

  it('follows a daylight-saving change to the minute, also when asked again (the offsets are remembered)', () => {
    // New York moves its clocks from 02:00 EST to 03:00 EDT at 07:00 UTC on 2026-03-08.
    for (let round = 0; round < 2; round += 1) {
      expect(formatTimestamp('2026-03-08T06:59:00.000Z', 'America/New_York')).toBe('2026-03-08T01:59:00.000-05:00');
      expect(formatTimestamp('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('2026-03-08T03:00:00.000-04:00');
      expect(formatTimestamp('2026-03-08T07:14:59.000Z', 'America/New_York')).toBe('2026-03-08T03:14:59.000-04:00');
    }
    expect(formatTimestamp('2026-03-08T07:00:00.000Z', 'Asia/Shanghai')).toBe('2026-03-08T15:00:00.000+08:00');
  });

  it('reads a shown timestamp back to the same instant', () => {
    const stored = '2026-11-22T01:02:03.456Z';
    expect(parseTimestamp(formatTimestamp(stored, 'Asia/Shanghai'))).toBe(Date.parse(stored));
    expect(parseTimestamp(stored)).toBe(Date.parse(stored));
    expect(parseTimestamp('yesterday')).toBeNaN();
    expect(parseTimestamp('2026-11-22')).toBeNaN();
  });

  it('turns a day of the time zone into stored bounds, end exclusive', () => {
    expect(startOfDay('2026-11-22', 'Asia/Shanghai')).toBe('2026-11-21T16:00:00.000Z');
    expect(endOfDayExclusive('2026-11-22', 'Asia/Shanghai')).toBe('2026-11-22T16:00:00.000Z');
    expect(endOfDayExclusive('2026-12-31', 'Asia/Shanghai')).toBe('2026-12-31T16:00:00.000Z');
    // The day daylight saving time starts in Berlin is 23 hours long.
    expect(startOfDay('2026-03-29', 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z');
    expect(endOfDayExclusive('2026-03-29', 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
  });
});
