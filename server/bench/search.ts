import { searchEndpoints } from '../../contract/search';

/** What measurements.ts's probe tells (its type is not imported: measurements.ts imports this file). */
interface Probe {
  vin: string;
  orderNo: string;
  customerName: string;
  sellerName: string;
}

interface Measurement {
  name: string;
  path: string;
}

/**
 * The one search box (issue 23, `GET /api/search`): what a clerk types into it, from the probe's
 * contract. Issue 23's goal: a VIN tail, a contract number or a two-character name ≤ 15 ms p95 on one
 * connection and ≥ 500 requests a second at 16.
 */

const searchPath = (q: string) => `${searchEndpoints.search.path}?${new URLSearchParams({ q }).toString()}`;

const CHINESE = /\p{Script=Han}/u;

/** The first two Chinese characters of the probe's buyer (a personal name like 朱磊, or a company's city), else its seller's. */
const twoChinese = (probe: Probe): string => {
  for (const name of [probe.customerName, probe.sellerName]) {
    const characters = [...name];
    if (characters.length >= 2 && characters.slice(0, 2).every((character) => CHINESE.test(character))) {
      return characters.slice(0, 2).join('');
    }
  }
  return '有限';
};

/** At 16 connections (and `--only search`). */
export const searchMeasurements = (probe: Probe): Measurement[] => [
  { name: 'search-vin', path: searchPath(probe.vin.slice(-6)) },
  { name: 'search-vin4', path: searchPath(probe.vin.slice(-4)) },
  { name: 'search-order-no', path: searchPath(probe.orderNo) },
  { name: 'search-name', path: searchPath(twoChinese(probe)) },
  // Two characters in most company names (有限公司): as cheap, since a group reads only its newest matches.
  { name: 'search-name-broad', path: searchPath('有限') },
];

/** On one connection (`--only one-search`): the three cases of the goal. */
export const singleSearchMeasurements = (probe: Probe): Measurement[] =>
  searchMeasurements(probe)
    .filter((measurement) => measurement.name !== 'search-name-broad')
    .map((measurement) => ({ ...measurement, name: `one-${measurement.name}` }));
