/** The pickup area's screens, and the release-pass screens its list opens. */
export const pickupPaths = {
  list: '/pickup/list',
  add: '/pickup/add',
  addFor: (vin: string) => `/pickup/add?vin=${encodeURIComponent(vin)}`,
  edit: (entryId: number) => `/pickup/edit/${entryId}`,
  info: (orderId: number | null, purchaseId: number | null, entryId: number) =>
    `/pickup/info/${orderId ?? 0}/${purchaseId ?? 0}/${entryId}`,
} as const;

export const releasePaths = {
  add: '/release/letpass_add',
  /** The release-pass form with the chosen vehicles preselected (`car=<id>,<id>`). */
  addFor: (carIds: readonly number[]) => `/release/letpass_add?car=${carIds.join(',')}`,
  edit: (releaseId: number) => `/release/letpass_edit/${releaseId}`,
} as const;

/** How long the saved check-in form stays before its tab closes (the purchase form's 1 s). */
export const ENTRY_CLOSE_AFTER_MS = 1000;
