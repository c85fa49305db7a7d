import type { SearchAnswer, SearchQuery } from '../../../../contract/search';
import type { AppContext } from '../../app-context';
import { TRIGRAM_LENGTH } from '../../db/text-search';
import { findCustomers, findExports, findOrders, findPurchases, findVehicles } from './search.repository';

/** The characters a VIN may hold (ISO 3779: no I, O or Q). */
const VIN_TEXT = /^[A-HJ-NPR-Z0-9]+$/;
const VIN_LENGTH = 17;

/**
 * Whether the text can be part of a VIN: VIN characters only (after upper-casing), at most a VIN long,
 * and at least three characters: one or two characters of a VIN are in tens of thousands of cars and
 * tell none apart (and no trigram serves them), so the box answers those with the other groups only.
 */
export const couldBeVinPart = (text: string): boolean => {
  const upper = text.toUpperCase();
  return upper.length >= TRIGRAM_LENGTH && upper.length <= VIN_LENGTH && VIN_TEXT.test(upper);
};

/**
 * `GET /api/search`: vehicles by a part of their VIN, overseas and purchase contracts by a part of
 * their number, declarations by a part of theirs, customers by a part of their name; each group at most
 * `limit`, best first. Contract and declaration numbers are free text (they may hold Chinese), so only
 * the VIN group is left out by what the text holds. The groups are independent queries: on PostgreSQL
 * they run on several connections of the pool at once.
 */
export const search = async ({ db }: AppContext, query: SearchQuery): Promise<SearchAnswer> => {
  const { q: text, limit } = query;
  const [vehicles, orders, purchases, exports, customers] = await Promise.all([
    couldBeVinPart(text) ? findVehicles(db, text, limit) : [],
    findOrders(db, text, limit),
    findPurchases(db, text, limit),
    findExports(db, text, limit),
    findCustomers(db, text, limit),
  ]);
  return {
    vehicles,
    orders: orders.map((row) => ({ id: row.id, order_no: row.number, customer_name: row.customer_name })),
    purchases: purchases.map((row) => ({ id: row.id, purchase_no: row.number, customer_name: row.customer_name })),
    exports,
    customers,
  };
};
