/**
 * What every hand-over screen says after `{ moved, kept }` (DOMAIN.md: a hand-over moves only the
 * vehicles that qualify and says which stayed and why): 移交成功! when all moved; a warning listing the
 * vehicles that stayed, each with its reason, when some did; and never 移交成功! when nothing moved.
 * Used by the purchase list, the pickup list, the registry list and the purchase info page's 免入库.
 */
import { App, Typography } from 'antd';
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
