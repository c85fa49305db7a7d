/**
 * The words of the car-lines editor (spec part 1, sections 3, 5 and 9; part 2, section 5), in one place
 * so the editor, its dialogs, its columns and its tests say the same thing.
 */
import { textTooLong } from '../../../contract/fields';
import { moneyLabels, orderMessages, orderTextLimits } from '../../../contract/overseas-messages';
import { purchaseMessages } from '../../../contract/purchase';
import { carMessages } from '../../../contract/vehicle';
import type { CarLinesSide, CarPriceField } from './car-lines-model';

export const carLinesMessages = {
  add: '添加车辆',
  import: '导入Excel',
  remove: '删除',
  vinRequired: carMessages.vinRequired,
  vinFormat: carMessages.vinFormat,
  vinDuplicate: orderMessages.duplicateVinInForm,
  modelRequired: carMessages.modelRequired,
  invoiceRequired: '请输入服务费',
  vinOnOtherContract: (contractNo: string) => `该车架号已在合同 ${contractNo} 中`,
  modelTooLong: textTooLong('车型车系', orderTextLimits.model),
  tooMany: orderMessages.tooManyCars,
  positiveInteger: orderMessages.countPositiveInteger,
  typeFirst: '请先选择合同类型',
  excelTooLarge: orderMessages.excelTooLarge,
  detachConfirm: carMessages.detachConfirm,
  detached: '删除成功!',
  promptTitle: '添加车辆',
  promptLabel: '要添加的车辆数',
  promptRoom: (room: number) => `还可添加 ${room} 辆`,
  confirmTitle: '提示',
  ok: '确定',
  cancel: '取消',
  count: (count: number, max?: number) => (max === undefined ? `共 ${count} 辆` : `已添加 ${count} / ${max} 辆`),
  imported: (count: number) => `已导入 ${count} 辆车`,
  importLeftOut: (count: number) => `另有 ${count} 辆车超出合同订购总数，未导入`,
  empty: '暂无车辆，请添加车辆或导入Excel',
  importTitle: '导入车辆',
  excelFilter: 'Excel 文件',
} as const;

/** An empty price in the words of the side's own form and server: 车辆售价 sells, 采购价格 buys. */
export const priceRequiredMessages: Record<CarLinesSide, string> = {
  order: carMessages.priceRequired,
  purchase: purchaseMessages.priceRequired,
};

/** The price column's name in the messages: 车辆售价 on the overseas form, 车辆价格 on the purchase form. */
export const priceLabel = (priceField: CarPriceField) =>
  priceField === 'order_price' ? moneyLabels.order_price : '车辆价格';
