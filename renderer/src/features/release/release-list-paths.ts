/**
 * The screens the release list and the release detail page open (spec part 2, section 2, routes). A
 * group of no overseas contract (未关联) has no contract id: its links carry 0, as the pickup list's do.
 */
export const releaseListPaths = {
  list: '/release/list',
  info: (orderId: number | null, purchaseId: number) => `/release/info/${orderId ?? 0}/${purchaseId}`,
  exportsAdd: '/release/letout_add',
  /** A group's 新增出口: the declaration form with that contract and its waiting vehicles chosen. */
  exportsAddFor: (orderId: number) => `/release/letout_add?order_id=${orderId}`,
  /** A group's 车辆放行: the release pass form with the group's vehicles still without a pass chosen. */
  passAddFor: (carIds: readonly number[]) => `/release/letpass_add?car=${carIds.join(',')}`,
  /** 编辑出口 on the list. */
  exportsEdit: (orderId: number | null, exportsId: number) => `/release/letout_edit/${orderId ?? 0}/${exportsId}`,
  /** The detail page's edit links carry the purchase contract as well. */
  exportsEditFrom: (orderId: number | null, purchaseId: number, exportsId: number) =>
    `/release/letout_edit/${orderId ?? 0}/${purchaseId}/${exportsId}`,
  /** A release pass's own edit page (the pickup list's 编辑出库 opens the same). */
  releaseEdit: (releaseId: number) => `/release/letpass_edit/${releaseId}`,
  releaseEditFrom: (orderId: number | null, purchaseId: number, releaseId: number) =>
    `/release/letpass_edit/${orderId ?? 0}/${purchaseId}/${releaseId}`,
} as const;
