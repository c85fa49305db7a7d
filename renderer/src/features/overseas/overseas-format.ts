/** The list and the form share this page's path. */
export const overseasPaths = {
  list: '/overseas/list',
  add: '/overseas/add',
  edit: (id: number) => `/overseas/edit/${id}`,
  info: (id: number) => `/overseas/info/${id}`,
} as const;
