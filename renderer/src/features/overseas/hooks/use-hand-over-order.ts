import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUS, type OrderStatus } from '../../../../../contract/overseas';
import { orderMessages } from '../../../../../contract/overseas-messages';
import { isHttpError } from '../../../api/http-client';
import { handOverOrder } from '../api/hand-over-order';
import { ordersQueryKey } from '../api/list-orders';

/** Only a new contract (status 1) can be handed to purchasing. */
export const canHandOver = (status: OrderStatus) => status === ORDER_STATUS.new;

/**
 * 新建采购合同 follows 移交采购: a contract handed to purchasing (status 2) is bought through purchase
 * contracts; a new one is not purchasing's yet, a finished one has nothing left to buy.
 */
export const canBuy = (status: OrderStatus) => status === ORDER_STATUS.handedOver;

/**
 * 移交采购: asks the spec's question, hands the contract over, says 移交成功 and refreshes the list and
 * the details; a refusal (already handed over by someone else) says the server's reason.
 */
export function useHandOverOrder() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number>();

  const confirmed = (orderNo: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: `移交采购：${orderNo}`,
        content: orderMessages.handOverConfirm,
        okText: '移交',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const handOver = async (order: { id: number; order_no: string }) => {
    if (!(await confirmed(order.order_no))) return;
    setBusyId(order.id);
    try {
      await handOverOrder(order.id);
      void message.success(orderMessages.handOverDone);
    } catch (error) {
      void message.error(isHttpError(error) ? error.message : '移交失败!');
    } finally {
      setBusyId(undefined);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    }
  };

  return { handOver, busyId };
}
