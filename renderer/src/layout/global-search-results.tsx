/**
 * What the top bar's search found, as the palette lists it: one entry per vehicle, contract,
 * declaration, customer or screen, grouped by kind in a fixed order, each with the page it opens.
 */
import type { ReactNode } from 'react';
import type { CustomerType } from '../../../contract/customer';
import type { SearchAnswer } from '../../../contract/search';
import type { SearchEntry } from '../app/route-tree';

export type SearchKind = 'vehicles' | 'orders' | 'purchases' | 'exports' | 'customers' | 'pages';

export const searchKindLabels: Record<SearchKind, string> = {
  vehicles: '车辆',
  orders: '海外合同',
  purchases: '采购合同',
  exports: '报关单',
  customers: '客户',
  pages: '页面',
};

/** Where each kind of result opens (the vehicle file, the contracts' detail pages, the customer's drawer). */
export const searchResultPaths = {
  vehicle: (id: number) => `/vehicle/${id}`,
  order: (id: number) => `/overseas/info/${id}`,
  purchase: (id: number) => `/purchase/info/${id}`,
  /**
   * The release detail is a purchase contract's page; a declaration of cars on no purchase contract has
   * none, so it opens its overseas contract's 业务信息, which shows each car's declaration.
   */
  declaration: (orderId: number, purchaseId: number | null) =>
    purchaseId === null ? `/filed/info/${orderId}` : `/release/info/${orderId}/${purchaseId}`,
  customer: (id: number) => `/custom/list?open=${id}`,
} as const;

export interface SearchItem {
  key: string;
  kind: SearchKind;
  path: string;
  /** The matched number or name, highlighted. */
  title: string;
  /** Said after it, quieter (the model and contract of a vehicle, a contract's customer). */
  detail?: string;
  /** Shown in the VIN font. */
  mono?: boolean;
}

const joined = (...parts: (string | null | undefined)[]): string | undefined =>
  parts.filter((part): part is string => Boolean(part)).join(' · ') || undefined;

/** Every result, in the order of the groups: what the arrow keys walk through. */
export function searchItems(
  answer: SearchAnswer | undefined,
  pages: readonly SearchEntry[],
  types: readonly CustomerType[] = [],
): SearchItem[] {
  const typeName = (id: number) => types.find((type) => type.id === id)?.name;
  return [
    ...(answer?.vehicles ?? []).map((vehicle) => ({
      key: `vehicle-${vehicle.id}`,
      kind: 'vehicles' as const,
      path: searchResultPaths.vehicle(vehicle.id),
      title: vehicle.vin,
      detail: joined(vehicle.model, vehicle.order_no && `海外合同 ${vehicle.order_no}`),
      mono: true,
    })),
    ...(answer?.orders ?? []).map((order) => ({
      key: `order-${order.id}`,
      kind: 'orders' as const,
      path: searchResultPaths.order(order.id),
      title: order.order_no,
      detail: order.customer_name,
    })),
    ...(answer?.purchases ?? []).map((purchase) => ({
      key: `purchase-${purchase.id}`,
      kind: 'purchases' as const,
      path: searchResultPaths.purchase(purchase.id),
      title: purchase.purchase_no,
      detail: purchase.customer_name,
    })),
    ...(answer?.exports ?? []).map((declaration) => ({
      key: `exports-${declaration.id}`,
      kind: 'exports' as const,
      path: searchResultPaths.declaration(declaration.order_id, declaration.purchase_id),
      title: declaration.bgd_sn,
      detail: `海外合同 ${declaration.order_no}`,
      mono: true,
    })),
    ...(answer?.customers ?? []).map((customer) => ({
      key: `customer-${customer.id}`,
      kind: 'customers' as const,
      path: searchResultPaths.customer(customer.id),
      title: customer.name,
      detail: typeName(customer.type),
    })),
    ...pages.map((page) => ({ key: `page-${page.path}`, kind: 'pages' as const, path: page.path, title: page.label })),
  ];
}

/** The screens whose menu title holds the text, a few: the box also jumps to a screen. */
export const PAGES_SHOWN = 5;
export const matchingPages = (entries: readonly SearchEntry[], text: string): SearchEntry[] => {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  return entries.filter((entry) => entry.label.toLowerCase().includes(wanted)).slice(0, PAGES_SHOWN);
};

/**
 * The text with every occurrence of what was typed marked, ignoring case (a VIN typed in lower case
 * still lights up its capitals).
 */
export function highlight(text: string, typed: string): ReactNode {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return text;
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="search-hit" style={{ padding: 0, background: '#ffe58f', color: 'inherit' }}>
        {text.slice(at, at + wanted.length)}
      </mark>,
    );
    from = at + wanted.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
