/** The list and the form share this page's path. */
export const overseasPaths = {
  list: '/overseas/list',
  add: '/overseas/add',
  edit: (id: number) => `/overseas/edit/${id}`,
  info: (id: number) => `/overseas/info/${id}`,
  /**
   * 新建采购合同 for this contract (features/purchase: /purchase/add): the purchase form with its number ready
   * for 导入海外合同车辆.
   */
  purchaseAdd: (id: number) => `/purchase/add?order_id=${id}`,
  /** The business information page of one vehicle of the contract (features/filed: /filed/info/:order_id). */
  businessInfo: (id: number, carId: number) => `/filed/info/${id}?car=${carId}`,
} as const;
