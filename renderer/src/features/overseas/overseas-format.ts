/** The list and the form share this page's path. */
export const overseasPaths = {
  list: '/overseas/list',
  add: '/overseas/add',
  edit: (id: number) => `/overseas/edit/${id}`,
  info: (id: number) => `/overseas/info/${id}`,
  /** The business information page of one vehicle of the contract (features/filed: /filed/info/:order_id). */
  businessInfo: (id: number, carId: number) => `/filed/info/${id}?car=${carId}`,
} as const;
