import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { unprocessable } from '../../http-errors';
import { findCustomer } from './customer.repository';
import { insertCustomerFromForm, requireCustomerType } from './customer.service';

/** The party fields a contract form sends (overseas and purchase alike; only overseas has a country). */
export interface ContractCustomerFields {
  customer_id?: number;
  name: string;
  type_id: number;
  address: string;
  contact_way?: string;
  country?: string;
}

/**
 * The customer a contract names, inside the caller's transaction: the one chosen (it must exist), or a
 * new one made from the form's party fields. Both contract forms offer "select or create" the same way,
 * so they resolve it here; each passes its own wording of the two refusals.
 */
export const resolveContractCustomer = async (
  trx: Db,
  body: ContractCustomerFields,
  actor: Actor,
  refusals: { customerUnknown: string; typeRequired: string },
): Promise<number> => {
  if (body.customer_id !== undefined) {
    if (!(await findCustomer(trx, body.customer_id))) throw unprocessable(refusals.customerUnknown, 'customer_id');
    // The contract keeps its own copy of the type: it must name one that exists.
    await requireCustomerType(trx, body.type_id, refusals.typeRequired);
    return body.customer_id;
  }
  return insertCustomerFromForm(
    trx,
    {
      name: body.name,
      type_id: body.type_id,
      address: body.address,
      contact_way: body.contact_way,
      country: body.country,
    },
    actor,
    refusals.typeRequired,
  );
};
