/**
 * 按海外合同移交: one hand-over for every purchase contract of an overseas contract still in the registry,
 * new cars (待上牌) and used cars (待过户) at once (issue 24 point 2), instead of one 移交出口 per purchase
 * contract on each tab. The confirmation names the overseas contract; the answer is the usual moved / kept
 * (useHandOverResult), or 移交失败! with the server's reason.
 */
import { App, Tag, Typography } from 'antd';
import { registryMessages } from '../../../../../contract/registry';
import type { HandOverAnswer } from '../../../../../contract/stage';
import { handOverFailureText, useHandOverResult } from '../../../components/hand-over-result';
import { handOverRegistryOrder } from '../api/hand-over-registry';

export const orderHandOverTexts = {
  action: '按海外合同移交',
  question: (orderNo: string) => (
    <>
      是否确定将海外合同 <Tag style={{ marginInlineEnd: 0 }}>{orderNo}</Tag>{' '}
      的全部采购合同（新车和二手车）中已上牌或已过户的车辆移交出库报关？
    </>
  ),
  note: '没有上牌或过户记录的车辆会留在车管列表，并说明原因。',
} as const;

export function useRegistryOrderHandOver(onAnswer: (answer: HandOverAnswer) => void) {
  const { message, modal } = App.useApp();
  const showResult = useHandOverResult();
  return (order: { id: number; order_no: string }) => {
    modal.confirm({
      title: orderHandOverTexts.action,
      width: 520,
      content: (
        <div aria-label="移交的海外合同">
          <Typography.Paragraph>{orderHandOverTexts.question(order.order_no)}</Typography.Paragraph>
          <Typography.Text type="secondary">{orderHandOverTexts.note}</Typography.Text>
        </div>
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await handOverRegistryOrder(order.id);
          onAnswer(answer);
          showResult(answer, {
            done: registryMessages.handOverDone,
            nothingDetail: registryMessages.handOverOrderNothingDetail,
          });
        } catch (error) {
          void message.error(handOverFailureText(registryMessages.handOverFailed, error));
        }
      },
    });
  };
}
