/**
 * What every hand-over screen says after `{ moved, kept }` (DOMAIN.md: a hand-over moves only the
 * vehicles that qualify and says which stayed and why): 移交成功! when all moved; a warning listing the
 * vehicles that stayed, each with its reason, when some did; and never 移交成功! when nothing moved.
 * Used by the purchase list, the pickup list, the registry list and the purchase info page's 免入库.
 */
import { App, Tag, Typography } from 'antd';
import { stageMessages, type HandOverAnswer } from '../../../contract/stage';
import { isHttpError } from '../api/http-client';
import { VinCell } from './vin-cell';

/** The vehicles that stayed, each with its reason (and how many moved, when some did). */
export function KeptVehicles({ answer }: { answer: HandOverAnswer }) {
  return (
    <div aria-label="未移交的车辆">
      {answer.moved > 0 && <Typography.Paragraph>已移交 {answer.moved} 辆车。</Typography.Paragraph>}
      <Typography.Paragraph style={{ marginBottom: 4 }}>{stageMessages.keptTitle}</Typography.Paragraph>
      <ul style={{ paddingLeft: 20, margin: 0, maxHeight: 320, overflowY: 'auto' }}>
        {answer.kept.map((car) => (
          <li key={car.vin}>
            <VinCell vin={car.vin} />：{car.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface HandOverTexts {
  /** The success toast when every vehicle moved (default 移交成功!; 免入库 says 操作成功). */
  done?: string;
  /** Why nothing moved when the server named no vehicle (e.g. every car already handed on). */
  nothingDetail: string;
}

/** `show(answer, texts)`: the toast or the warning dialog for a hand-over's answer. */
export function useHandOverResult() {
  const { message, modal } = App.useApp();
  return (answer: HandOverAnswer, texts: HandOverTexts) => {
    const done = texts.done ?? stageMessages.handOverDone;
    if (answer.moved === 0) {
      modal.warning({
        title: stageMessages.nothingHandedOver,
        content: answer.kept.length > 0 ? <KeptVehicles answer={answer} /> : texts.nothingDetail,
        okText: '知道了',
        width: 520,
      });
      return;
    }
    if (answer.kept.length === 0) {
      void message.success(done);
      return;
    }
    modal.warning({ title: done, content: <KeptVehicles answer={answer} />, okText: '知道了', width: 520 });
  };
}

/**
 * A refused hand-over in the screen's words (移交失败! / 操作失败!), with the server's reason when it gave
 * one of its own (http-client says `Error <status>` when it did not).
 */
export function handOverFailureText(failed: string, error: unknown): string {
  const reason = isHttpError(error) && error.message && !/^Error \d+$/.test(error.message) ? error.message : '';
  return reason && reason !== failed ? `${failed} ${reason}` : failed;
}

/** The purchase contracts of the chosen vehicles, each once, in the order they were chosen. */
export function contractsOf(rows: readonly { purchase_id: number | null; purchase_no: string | null }[]): {
  ids: number[];
  numbers: string[];
} {
  const seen = new Map<number, string>();
  for (const row of rows) {
    if (row.purchase_id !== null && !seen.has(row.purchase_id)) {
      seen.set(row.purchase_id, row.purchase_no ?? String(row.purchase_id));
    }
  }
  return { ids: [...seen.keys()], numbers: [...seen.values()] };
}

export interface ContractHandOver {
  /** The dialog's title and the action's name (移交车管, 移交出口). */
  title: string;
  /** The question, given how many contracts: 是否确定将以下 N 份采购合同中…？ */
  question: (count: number) => string;
  /** What happens to the vehicles that may not move yet. */
  note: string;
  /** Nothing chosen, or no contract among the chosen. */
  empty: string;
  failed: string;
  texts: HandOverTexts;
  send: (purchaseIds: number[]) => Promise<HandOverAnswer>;
  /** After an answer (refresh the lists, forget the chosen rows, switch a tab). */
  onAnswer: (answer: HandOverAnswer) => void;
}

/**
 * A hand-over of the chosen vehicles' purchase contracts (the pickup list's 移交车管, the registry's
 * 移交出口): a confirmation naming the contracts, the send, then `useHandOverResult`'s answer or the
 * failure in the screen's words.
 */
export function useContractHandOver(handOver: ContractHandOver) {
  const { message, modal } = App.useApp();
  const showResult = useHandOverResult();
  return (rows: readonly { purchase_id: number | null; purchase_no: string | null }[]) => {
    const contracts = contractsOf(rows);
    if (contracts.ids.length === 0) return void message.warning(handOver.empty);
    modal.confirm({
      title: handOver.title,
      width: 520,
      content: (
        <div aria-label="移交的采购合同">
          <Typography.Paragraph>{handOver.question(contracts.ids.length)}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {contracts.numbers.map((number) => (
              <Tag key={number} style={{ marginBottom: 4 }}>
                {number}
              </Tag>
            ))}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{handOver.note}</Typography.Text>
        </div>
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await handOver.send(contracts.ids);
          handOver.onAnswer(answer);
          showResult(answer, handOver.texts);
        } catch (error) {
          void message.error(handOverFailureText(handOver.failed, error));
        }
      },
    });
  };
}
