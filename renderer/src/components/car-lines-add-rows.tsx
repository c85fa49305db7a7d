/**
 * Adding rows by hand: the how-many prompt of 添加车辆, and the keyboard's way on from it (the first new
 * row's VIN box takes the focus, so the clerk types the VIN without reaching for the mouse).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Form, Input, Modal, type InputRef } from 'antd';
import { carLinesMessages } from './car-lines-messages';

/** The how-many prompt of 添加车辆: positive integers only, never more than `room`. */
export function AddRowsPrompt({
  open,
  room,
  onAdd,
  onCancel,
}: {
  open: boolean;
  room: number;
  onAdd(count: number): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('1');
  const [error, setError] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  const input = useRef<InputRef>(null);
  // Each opening starts from 1 and no message, set as it opens: reset when the closing animation ended, a
  // quick reopen had the typed number replaced by the late reset (a CI run added 5 cars for a typed " ").
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText('1');
      setError('');
    }
  }
  const submit = () => {
    const trimmed = text.trim();
    if (!/^[1-9]\d*$/.test(trimmed)) return setError(carLinesMessages.positiveInteger);
    const count = Number(trimmed);
    if (count > room) return setError(carLinesMessages.tooMany);
    onAdd(count);
  };
  return (
    <Modal
      open={open}
      title={carLinesMessages.promptTitle}
      okText={carLinesMessages.ok}
      cancelText={carLinesMessages.cancel}
      onOk={submit}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        // The dialog takes the focus when it opens; give it to the number, selected, so typing replaces the 1 —
        // unless the clerk is already typing in it (the animation can end after the first keys).
        const box = input.current?.input;
        if (visible && box && document.activeElement !== box) input.current?.focus({ cursor: 'all' });
      }}
      width={360}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={carLinesMessages.promptLabel}
          validateStatus={error ? 'error' : undefined}
          help={error || (Number.isFinite(room) ? carLinesMessages.promptRoom(room) : undefined)}
        >
          <Input
            ref={input}
            aria-label={carLinesMessages.promptLabel}
            autoFocus
            inputMode="numeric"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError('');
            }}
            onPressEnter={(event) => {
              // Handled here: the Enter must not go on to the button that gets the focus back.
              event.preventDefault();
              submit();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * After rows are added, the first new VIN box takes the focus. The rows exist only once the list has
 * re-rendered with its new length, so the row is remembered and focused when `lineCount` changes.
 * Answers the function to call with that row's index just before the rows are added.
 */
export function useFocusAddedRow(table: RefObject<HTMLDivElement | null>, lineCount: number): (row: number) => void {
  const focusRow = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (focusRow.current === undefined) return;
    const row = focusRow.current;
    focusRow.current = undefined;
    table.current?.querySelector<HTMLInputElement>(`input[data-car-row="${row}"][data-car-field="vin"]`)?.focus();
  }, [table, lineCount]);
  return (row: number) => {
    focusRow.current = row;
  };
}
