/**
 * Deadlines (issue 25): on one connection, the overdue list sorted by due day at 500,000 vehicles, alone
 * and filtered (a rule, a contract number part, a VIN tail), page 1 and page 20, and the due-soon list.
 * Goal: each ≤ 20 ms; the dashboard (one-dashboard) with its two counts stays ≤ 5 ms.
 */
import { deadlineEndpoints } from '../../contract/deadline';

interface Measurement {
  name: string;
  path: string;
}

export const singleDeadlineMeasurements = (probe: { vin: string; orderNo: string }): Measurement[] => {
  const list = deadlineEndpoints.list.path;
  return [
    { name: 'deadline-overdue', path: `${list}?state=overdue` },
    { name: 'deadline-overdue-page-20', path: `${list}?state=overdue&page=20` },
    { name: 'deadline-overdue-registry', path: `${list}?state=overdue&key=registry` },
    { name: 'deadline-overdue-order', path: `${list}?state=overdue&order_no=${probe.orderNo.slice(-6)}` },
    { name: 'deadline-overdue-vin', path: `${list}?state=overdue&vin=${probe.vin.slice(-6)}` },
    { name: 'deadline-soon', path: `${list}?state=soon` },
    { name: 'deadline-open', path: list },
  ];
};
