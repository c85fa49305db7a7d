import type { CustomerOption, CustomerTypeKind } from '../../../contract/customer';
import { envelope, type ScriptedHandler } from './scripted-api-server';

/** The kinds of a new database's types: 销外客户 1, 代理人 2, 供应商 3; any other type counts as a customer. */
const NEW_DATABASE_KINDS: Readonly<Record<number, CustomerTypeKind>> = { 1: 'customer', 2: 'agent', 3: 'seller' };

/**
 * `GET /api/customer/search` over a fixed list, as the server answers it: names containing the typed
 * text (ignoring case), of the asked type and kind (`customer`: neither agents nor sellers), at most 20.
 */
export const customerSearch =
  (
    customers: readonly CustomerOption[],
    kinds: Readonly<Record<number, CustomerTypeKind>> = NEW_DATABASE_KINDS,
  ): ScriptedHandler =>
  (request) => {
    const name = (request.query.get('name') ?? '').toLowerCase();
    const typeId = request.query.get('type_id');
    const kind = request.query.get('kind');
    const found = customers.filter(
      (customer) =>
        customer.name.toLowerCase().includes(name) &&
        (typeId === null || customer.type_id === Number(typeId)) &&
        (kind === null || (kinds[customer.type_id] ?? 'customer') === kind),
    );
    return envelope(200, found.slice(0, 20));
  };
