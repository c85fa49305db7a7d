/**
 * The finished contract's document zip (spec part 2, sections 2, 4, 7, 8; API.md, Cars: downloads): every
 * document of an overseas contract of status 6, zipped by the server to a file under `/storage/exports/`
 * (swept after a day like every export) and answered as its `{ path }`. The filed list's 下载 button asks
 * for it, confirms first, and downloads the file with a progress bar.
 */
import { z } from 'zod';
import { idField } from './common';
import { endpoint } from './endpoint';
import { blankToUndefined } from './fields';

/** The overseas contract status that allows the download (DOMAIN.md: every vehicle complete). */
export const FINISHED_ORDER_STATUS = 6;

export const downloadsMessages = {
  orderIdRequired: '海外合同不存在',
  orderUnknown: '海外合同不存在',
  /** 409 before status 6: the zip is the finished contract's dossier. */
  notFinished: '该合同尚未完成归档：所有车辆的退税、注销、运费都完成后才能下载资料',
  // The button (spec part 2, section 8: the download confirmation and 下载失败!).
  button: '下载',
  confirmTitle: '下载资料',
  confirmText: (orderNo: string) =>
    `确定要下载合同 ${orderNo} 的全部资料吗？系统会把所有车辆和记录的文件打包成一个压缩包，资料较多时需要等待一段时间。`,
  confirmOk: '下载',
  confirmCancel: '取消',
  packing: '正在打包资料，请稍候…',
  downloading: '正在下载资料',
  cancel: '取消',
  cancelled: '已取消下载',
  failed: '下载失败!',
  done: '下载完成',
  savedTo: (path: string) => `已保存到 ${path}`,
  showInFolder: '打开所在文件夹',
} as const;

/** What the 清单.xlsx of the zip says (its sheet, columns and the word for a file missing on disk). */
export const manifestLabels = {
  fileName: '清单.xlsx',
  sheet: '清单',
  index: '序号',
  path: '压缩包内路径',
  stage: '环节',
  document: '资料',
  vehicles: '车架号',
  uploadedName: '上传文件名',
  state: '状态',
  present: '已打包',
  missing: '文件缺失',
} as const;

/** The folders of the contract's own files and of its purchase contracts (the stages use stageTable's labels). */
export const zipFolderLabels = {
  order: '海外合同',
  orderContracts: '合同',
  agreement: '协议',
  receipt: '收款',
  receiptProof: '支付证明',
  receiptSlip: '结汇税单',
  purchase: '采购合同',
  purchaseContracts: '合同',
  remit: '付款',
  bankSlip: '银行回单',
} as const;

export const downloadsQuery = z.object({
  orderId: z.preprocess(blankToUndefined, idField(downloadsMessages.orderIdRequired)),
});
export type DownloadsQuery = z.infer<typeof downloadsQuery>;

/** The zip's `/storage/exports/…zip` path, fetched with the token like an export's `download_url`. */
export const downloadsAnswerSchema = z.object({ path: z.string() });
export type DownloadsAnswer = z.infer<typeof downloadsAnswerSchema>;

export const ARCHIVE_URL_PATTERN = /^\/storage\/exports\/[A-Za-z0-9/_.-]+\.zip$/;

/** The name the zip is saved under: the contract number (the desktop and the browser clean it further). */
export const archiveFileName = (orderNo: string): string => `${orderNo}-资料.zip`;

export const downloadsEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/car/downloads',
    query: downloadsQuery,
    response: downloadsAnswerSchema,
  }),
};
