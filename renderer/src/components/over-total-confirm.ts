/**
 * A payment that takes a contract's paid total past the contract total (a receipt collected overseas, a
 * remittance on a purchase) may be right (a deposit counted twice, fees paid on top) or a slip of the
 * finger: the clerk confirms it, with both amounts named. 取消 keeps the dialog and the typing.
 */
import { App } from 'antd';

export interface OverTotalQuestion {
  title: string;
  /** The question, naming the paid total after this payment and the contract total. */
  content: (paidAfter: number, total: number) => string;
}

/** The paid total after this payment, in whole cents so that 0.1 + 0.2 is 0.3. */
export const paidAfter = (paidBefore: number, amount: number): number =>
  (Math.round(paidBefore * 100) + Math.round(amount * 100)) / 100;

/** Answers whether to go on: at once when the total is not passed, else the clerk's answer. */
export function useOverTotalConfirm() {
  const { modal } = App.useApp();
  return (question: OverTotalQuestion, paidBefore: number, amount: number, total: number): Promise<boolean> => {
    const paid = paidAfter(paidBefore, amount);
    if (paid <= total) return Promise.resolve(true);
    return new Promise((resolve) => {
      modal.confirm({
        title: question.title,
        content: question.content(paid, total),
        okText: '确定',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };
}
