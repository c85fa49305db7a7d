/** Type 1 is a new car, anything else a used car (spec part 2, section 2). */
export const purchaseTypeLabel = (type: number | null | undefined): string => (type === 1 ? '新车' : '二手车');
export const purchaseContractTypeLabel = (type: number | null | undefined): string =>
  type === 1 ? '新车合同' : '二手车合同';

export const purchasePaths = {
  list: '/purchase/list',
  add: '/purchase/add',
  edit: (id: number) => `/purchase/edit/${id}`,
  info: (id: number) => `/purchase/info/${id}`,
} as const;
