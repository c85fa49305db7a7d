import { queryOptions } from '@tanstack/react-query';
import {
  CUSTOMER_TYPE_IDS,
  customerEndpoints,
  type CustomerType,
  type CustomerTypeKind,
  SELLER_TYPE_NAME,
} from '../../../contract/customer';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

/** The customer types (`GET /api/customerType`): the customer screens' tabs and the contract form's choice. */
export const listCustomerTypes = (options?: RequestOptions): Promise<CustomerType[]> =>
  call(customerEndpoints.listTypes, {}, options);

export const customerTypesQueryKey = queryKeys.customerTypes;

export const customerTypesQuery = () =>
  queryOptions({ queryKey: customerTypesQueryKey, queryFn: ({ signal }) => listCustomerTypes({ signal }) });

/**
 * What a type is for. The server says it (`kind`); a back end that predates the seller kind does not, and
 * then the first migration's ids and the seller's name tell it.
 */
export const kindOfType = (type: CustomerType): CustomerTypeKind | null => {
  if (type.kind !== undefined) return type.kind;
  if (type.id === CUSTOMER_TYPE_IDS.overseas) return 'customer';
  if (type.id === CUSTOMER_TYPE_IDS.agent) return 'agent';
  return type.name === SELLER_TYPE_NAME ? 'seller' : null;
};

/** The one type of a kind (供应商 for `seller`), when the list has it. */
export const typeOfKind = (types: readonly CustomerType[], kind: CustomerTypeKind): CustomerType | undefined =>
  types.find((type) => kindOfType(type) === kind);

/** Which contract names the party: an overseas contract's customer, or a purchase contract's seller. */
export type ContractSide = 'order' | 'purchase';

/**
 * The types a contract form offers for its party (issue 24 point 4): a purchase contract's seller is
 * 供应商, an overseas contract's customer is anything but (agents included: the server takes them, and a
 * company may sell to an agent). `current` is the type the form holds (an older contract's), always kept
 * so that an edit shows it. A list without the seller kind (an older back end) offers what it used to.
 */
export const typesForSide = (types: readonly CustomerType[], side: ContractSide, current?: number): CustomerType[] => {
  const seller = typeOfKind(types, 'seller');
  if (side === 'purchase') {
    if (!seller) return [...types];
    return types.filter((type) => type.id === seller.id || type.id === current);
  }
  return types.filter((type) => type.id !== seller?.id || type.id === current);
};
