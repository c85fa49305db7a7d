import { registryMessages, type RegistryStage, type RegistryTab } from '../../../../contract/registry';
import { stageTable } from '../../../../contract/stage';

const id = (value: number | null) => value ?? 0;

/** The registry's screens (spec part 2, section 1: the legacy paths, `lincense` as the spec spells it). */
export const registryPaths = {
  list: '/dmv/list',
  /** The list on a tab (after a hand-over the spec shows the transfer tab). */
  listOn: (tab: RegistryTab) => `/dmv/list?tab=${tab}`,
} as const;

/** What differs between plating and transfer on the screens; the documents come from the stage table. */
export interface RegistryStageScreens {
  stage: RegistryStage;
  /** 上牌 / 过户. */
  noun: string;
  /** 未上牌 / 未过户: a vehicle without the record. */
  none: string;
  add: string;
  addFor: (orderId: number | null, purchaseId: number | null, carId: number) => string;
  edit: (recordId: number) => string;
  info: (orderId: number | null, purchaseId: number | null, recordId: number) => string;
  /** The VIN box's hint: which vehicles it suggests. */
  vinHint: string;
}

export const registryScreens: Record<RegistryStage, RegistryStageScreens> = {
  plate: {
    stage: 'plate',
    noun: stageTable.plate.label,
    none: registryMessages.notPlated,
    add: '/dmv/lincense_add',
    addFor: (orderId, purchaseId, carId) => `/dmv/lincense_add/${id(orderId)}/${id(purchaseId)}/${carId}`,
    edit: (recordId) => `/dmv/lincense_edit/${recordId}`,
    info: (orderId, purchaseId, recordId) => `/dmv/lincense_info/${id(orderId)}/${id(purchaseId)}/${recordId}`,
    vinHint: '只列出已移交车管、上牌资料未齐的车辆',
  },
  transfer: {
    stage: 'transfer',
    noun: stageTable.transfer.label,
    none: registryMessages.notTransferred,
    add: '/dmv/transfer_add',
    addFor: (orderId, purchaseId, carId) => `/dmv/transfer_add/${id(orderId)}/${id(purchaseId)}/${carId}`,
    edit: (recordId) => `/dmv/transfer_edit/${recordId}`,
    info: (orderId, purchaseId, recordId) => `/dmv/transfer_info/${id(orderId)}/${id(purchaseId)}/${recordId}`,
    vinHint: '只列出已移交车管、过户资料未齐的车辆',
  },
};

/** How long the saved form stays before its tab closes (the check-in form's 1 s). */
export const REGISTRY_CLOSE_AFTER_MS = 1000;
