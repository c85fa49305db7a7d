/** The filing area's screens (spec part 2, section 1: the legacy paths, `freeze` for deregistration). */
export const filedPaths = {
  list: '/filed/list',
  taxAdd: (orderId: number) => `/filed/tax_add/${orderId}`,
  taxEdit: (orderId: number, id: number) => `/filed/tax_edit/${orderId}/${id}`,
  freezeAdd: (orderId: number) => `/filed/freeze_add/${orderId}`,
  freezeEdit: (orderId: number, id: number) => `/filed/freeze_edit/${orderId}/${id}`,
  freightAdd: (orderId: number) => `/filed/freight_add/${orderId}`,
  freightEdit: (orderId: number, id: number) => `/filed/freight_edit/${orderId}/${id}`,
  detail: (orderId: number) => `/filed/detail/${orderId}`,
} as const;

/** How long a saved filing form stays before its tab closes (the other record forms' 1 s). */
export const FILED_CLOSE_AFTER_MS = 1000;
