import type { SearchAnswer, SearchQuery } from '../../../../contract/search';
import { withoutInvisibles } from '../../../../contract/file-names';
import type { AppContext } from '../../app-context';
import { TRIGRAM_LENGTH } from '../../db/text-search';
import { findAll, type SearchKind } from './search.repository';

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
 * the VIN group is left out by what the text holds.
 */
export const search = async ({ db }: AppContext, query: SearchQuery): Promise<SearchAnswer> => {
  // Folded as a VIN is (full-width ＬＳＶ from a Chinese input method, a pasted zero-width space), so a VIN
  // tail typed either way finds its car; the other kinds' numbers and names are plain text either way.
  const text = withoutInvisibles(query.q.normalize('NFKC')).trim() || query.q;
  const { limit } = query;
  const kinds: SearchKind[] = [
    ...(couldBeVinPart(text) ? (['vehicles'] as const) : []),
    'orders',
    'purchases',
    'exports',
    'customers',
  ];
  const answer: SearchAnswer = { vehicles: [], orders: [], purchases: [], exports: [], customers: [] };
  for (const row of await findAll(db, text, limit, kinds)) {
    const id = Number(row.id);
    switch (row.kindName) {
      case 'vehicles':
        answer.vehicles.push({ id, vin: row.label, model: row.detail, order_no: row.order_no });
        break;
      case 'orders':
        answer.orders.push({ id, order_no: row.label, customer_name: row.detail ?? '' });
        break;
      case 'purchases':
        answer.purchases.push({ id, purchase_no: row.label, customer_name: row.detail ?? '' });
        break;
      case 'exports':
        answer.exports.push({
          id,
          bgd_sn: row.label,
          order_id: Number(row.order_id),
          order_no: row.order_no ?? '',
          purchase_id: row.purchase_id === null ? null : Number(row.purchase_id),
        });
        break;
      case 'customers':
        answer.customers.push({ id, name: row.label, type: Number(row.type) });
        break;
    }
  }
  return answer;
};
