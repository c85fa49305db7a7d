/**
 * Where each stage's record of a car is shown, edited and added (the legacy paths of spec part 2, as
 * app/routes.ts lists them; vehicle-paths.test.ts checks each against the route table). The add forms
 * read `?vehicle=<id>` and start with the car chosen (and, for a form of one overseas contract, that
 * contract).
 */
import { type Stage, stageTable } from '../../../../contract/stage';

export interface StageRecordPlace {
  orderId: number | null;
  purchaseId: number | null;
}

const idOr0 = (value: number | null) => value ?? 0;

/** The record's own page (a detail page of several records for release, exports and filing). */
export function stageInfoPath(stage: Stage, recordId: number, place: StageRecordPlace): string | undefined {
  const order = idOr0(place.orderId);
  const purchase = idOr0(place.purchaseId);
  switch (stage) {
    case 'entry':
      return `/pickup/info/${order}/${purchase}/${recordId}`;
    case 'plate':
      return `/dmv/lincense_info/${order}/${purchase}/${recordId}`;
    case 'transfer':
      return `/dmv/transfer_info/${order}/${purchase}/${recordId}`;
    case 'release':
    case 'exports':
      // The release detail page shows a purchase contract's passes and declarations.
      return place.purchaseId === null ? undefined : `/release/info/${order}/${place.purchaseId}`;
    case 'drawback':
    case 'archive':
    case 'freight':
      return place.orderId === null ? undefined : `/filed/detail/${place.orderId}`;
  }
}

/** The record's edit page; none for a tax refund, which has no edit form. */
export function stageEditPath(stage: Stage, recordId: number, place: StageRecordPlace): string | undefined {
  switch (stage) {
    case 'entry':
      return `/pickup/edit/${recordId}`;
    case 'plate':
      return `/dmv/lincense_edit/${recordId}`;
    case 'transfer':
      return `/dmv/transfer_edit/${recordId}`;
    case 'release':
      return `/release/letpass_edit/${recordId}`;
    case 'exports':
      return `/release/letout_edit/${idOr0(place.orderId)}/${recordId}`;
    case 'drawback':
      return place.orderId === null ? undefined : `/filed/tax_edit/${place.orderId}/${recordId}`;
    case 'archive':
      return place.orderId === null ? undefined : `/filed/freeze_edit/${place.orderId}/${recordId}`;
    case 'freight':
      return place.orderId === null ? undefined : `/filed/freight_edit/${place.orderId}/${recordId}`;
  }
}

/** The stage's add form for this car; the filing forms belong to the car's overseas contract. */
export function stageAddPath(stage: Stage, vehicleId: number, orderId: number | null): string | undefined {
  const car = `?vehicle=${vehicleId}`;
  switch (stage) {
    case 'entry':
      return `/pickup/add${car}`;
    case 'plate':
      return `/dmv/lincense_add${car}`;
    case 'transfer':
      return `/dmv/transfer_add${car}`;
    case 'release':
      return `/release/letpass_add${car}`;
    case 'exports':
      return `/release/letout_add${car}`;
    case 'drawback':
      return orderId === null ? undefined : `/filed/tax_add/${orderId}${car}`;
    case 'archive':
      return orderId === null ? undefined : `/filed/freeze_add/${orderId}${car}`;
    case 'freight':
      return orderId === null ? undefined : `/filed/freight_add/${orderId}${car}`;
  }
}

/** The add button's words (the lists' own: 新增上牌, and on a filed card 退税 / 注销 / 运费). */
export const stageAddLabels: Record<Stage, string> = {
  entry: '新增入库',
  plate: '新增上牌',
  transfer: '新增过户',
  release: '新增出库',
  exports: '新增出口',
  drawback: '退税',
  archive: '注销',
  freight: '运费',
};

/** The add link beside a stage without a record (新增退税记录: a bare 退税 under 退税 would say nothing). */
export const stageAddRecordLabel = (stage: Stage): string => `新增${stageTable[stage].recordLabel}`;
