import type { CustomerOption } from '../../../contract/customer';
import { envelope, type ScriptedHandler } from './scripted-api-server';

/**
 * `GET /api/customer/search` over a fixed list, as the server answers it: names containing the typed
 * text (ignoring case), of the asked type, at most 20.
 */
export const customerSearch =
  (customers: readonly CustomerOption[]): ScriptedHandler =>
  (request) => {
    const name = (request.query.get('name') ?? '').toLowerCase();
    const typeId = request.query.get('type_id');
    const found = customers.filter(
      (customer) =>
        customer.name.toLowerCase().includes(name) && (typeId === null || customer.type_id === Number(typeId)),
    );
    return envelope(200, found.slice(0, 20));
  };
