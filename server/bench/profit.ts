/**
 * Profit (issue 26): on one connection, the profit report over the last year of contracts and over all
 * ten years (50,000 contracts at scale 1), sorted by profit, and one contract's profit. Goals: the
 * report ≤ 1 s, a contract's profit ≤ 10 ms.
 */
import { fillPath } from '../../contract/endpoint';
import { profitEndpoints } from '../../contract/profit';

interface Measurement {
  name: string;
  path: string;
}

/** The seed's last day (seed-data.ts END) and the year before it. */
const LAST_DAY = '2026-11-20';
const YEAR_START = '2025-11-21';

export const singleProfitMeasurements = (probe: { orderId: number }): Measurement[] => [
  {
    name: 'one-profit-report-year',
    path: `${profitEndpoints.report.path}?start_time=${YEAR_START}&end_time=${LAST_DAY}&sort=profit&order=desc`,
  },
  {
    name: 'one-profit-report-all',
    path: `${profitEndpoints.report.path}?start_time=2016-01-01&end_time=${LAST_DAY}&sort=margin&order=asc`,
  },
  { name: 'one-order-profit', path: fillPath(profitEndpoints.order.path, { id: probe.orderId }) },
];
