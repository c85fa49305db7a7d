import { filedLabels } from '../../../../../contract/filed';
import { RowAction } from '../../../components/row-actions';

/** Where a finished contract's card offers 下载 (status 6); the download itself is the downloads screen's. */
export function DownloadSlot({ orderNo }: { orderId: number; orderNo: string }) {
  return (
    <RowAction label={`海外合同 ${orderNo} 下载`} disabled onClick={() => undefined}>
      {filedLabels.downloadButton}
    </RowAction>
  );
}
