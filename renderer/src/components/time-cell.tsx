import { formatTime } from './format-time';

/**
 * A moment in a narrow table column: the day over the time, in 96 px instead of 160, so the columns
 * that hold names and addresses keep their room at 1366 px. One text with a line break (`pre-line`), so
 * it reads, copies and is found as `2026-11-20 09:00:00`; the whole moment is in the tooltip too.
 */
export function TimeCell({ value }: { value: string | null | undefined }) {
  const text = formatTime(value);
  if (!text) return null;
  return (
    <span className="time-cell" title={text} style={{ whiteSpace: 'pre-line', lineHeight: 1.35 }}>
      {text.replace(' ', '\n')}
    </span>
  );
}
