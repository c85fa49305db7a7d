import { customerMessages } from '../../../../contract/customer';
import type { Actor } from '../../app-context';
import type { Db } from '../../db/database';
import { unprocessable } from '../../http-errors';
import { findCustomer, findCustomerType } from './customer.repository';
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
 * Which contract names the party: an overseas contract's customer is never a seller, a purchase
 * contract's is always one (issue 24 point 4). `kept` is what a contract being edited already records:
 * the same customer may keep that type, so that a clerk editing a contract saved before the seller kind
 * existed is not refused for a type nobody chose on this save.
 */
export interface ContractSide {
  side: 'order' | 'purchase';
  kept?: { customerId: number | null; typeId: number | null };
}

const assertTypeOfSide = async (trx: Db, body: ContractCustomerFields, { side, kept }: ContractSide) => {
  const unchanged =
    kept !== undefined &&
    kept.customerId !== null &&
    body.customer_id === kept.customerId &&
    body.type_id === kept.typeId;
  if (unchanged) return;
  const type = await findCustomerType(trx, body.type_id);
  if (side === 'purchase' && type?.kind !== 'seller')
    throw unprocessable(customerMessages.purchaseNeedsSeller, 'type_id');
  if (side === 'order' && type?.kind === 'seller') throw unprocessable(customerMessages.orderRefusesSeller, 'type_id');
};

/**
 * The customer a contract names, inside the caller's transaction: the one chosen (it must exist), or a
 * new one made from the form's party fields. Both contract forms offer "select or create" the same way,
 * so they resolve it here; each passes its own wording of the two refusals, and its side (a new seller
 * typed on a purchase contract is filed as 供应商, since the type must be the seller kind).
 */
export const resolveContractCustomer = async (
  trx: Db,
  body: ContractCustomerFields,
  actor: Actor,
  refusals: { customerUnknown: string; typeRequired: string },
  side: ContractSide,
): Promise<number> => {
  if (body.customer_id !== undefined && !(await findCustomer(trx, body.customer_id))) {
    throw unprocessable(refusals.customerUnknown, 'customer_id');
  }
  // The contract keeps its own copy of the type: it must name one that exists, of the contract's side.
  await requireCustomerType(trx, body.type_id, refusals.typeRequired);
  await assertTypeOfSide(trx, body, side);
  if (body.customer_id !== undefined) return body.customer_id;
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
