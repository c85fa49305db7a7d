/**
 * CarLinesEditor: every car list of a contract form (DESIGN.md), the overseas form's (spec part 1,
 * sections 3 and 5) and the purchase form's (part 2, section 5). An editable table over an antd
 * `Form.List`, so it must sit inside the screen's `<Form>`; the list lives at `name` (default `cars`) and
 * each line is `{ id (0 = new), vin, model, <priceField>, invoice, other }`.
 *
 * - 添加车辆 asks how many rows (default 1, positive integers only) and never goes past `maxCount`
 *   (car-lines-add-rows.tsx).
 * - 删除 removes a new row at once; a saved car (id ≠ 0) is confirmed, then detached on the server.
 * - A VIN typed in a row is looked up 300 ms after the last keystroke; a known vehicle fills the model
 *   (car-lines-vin-check.ts).
 * - 导入Excel reads the first sheet and shows a preview before anything is added (car-lines-excel-import.tsx).
 *
 * Needs antd's `<App>` above it (messages and the confirm dialog come from App.useApp()).
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Space, Table, Typography } from 'antd';
import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { detachCar } from '../api/detach-car';
import { AddRowsPrompt, useFocusAddedRow } from './car-lines-add-rows';
import { carLineColumns } from './car-lines-columns';
import { useCarLinesImport } from './car-lines-excel-import';
import { carLinesMessages } from './car-lines-messages';
import { newCarLine, readCarLines, type CarLinesSide, type CarPriceField } from './car-lines-model';
import { useVinCheck } from './car-lines-vin-check';

// The form pages take the line's type from the component they use.
export type { CarLine } from './car-lines-model';

export interface CarLinesEditorProps {
  /** Where the list lives in the form (default `cars`). */
  name?: string | number | Array<string | number>;
  /** The price key of a line: `order_price` (overseas, default) or `price` (purchase). */
  priceField?: CarPriceField;
  /** Which contract the lines belong to: the lookup's type (order 2, purchase 1) and the detach model. */
  side: CarLinesSide;
  /** The ordered amount: rows are never added past it. Unset: no limit here (the server still checks). */
  maxCount?: number;
  /** The contract being edited: the live VIN check leaves its own cars out. Unset on a new contract. */
  contractId?: number;
  /** True while the purchase form's contract type is still empty: adding and importing say 请先选择合同类型. */
  requireTypeFirst?: boolean;
  /**
   * Set when the contract's car list is closed (a purchase contract handed over): no car is added, imported
   * or removed and the VINs are read-only; models and prices stay editable. The text says why, above the
   * table.
   */
  closedNote?: string;
  disabled?: boolean;
}

export function CarLinesEditor({
  name = 'cars',
  priceField = 'order_price',
  side,
  maxCount,
  contractId,
  requireTypeFirst = false,
  closedNote,
  disabled = false,
}: CarLinesEditorProps) {
  const closed = closedNote !== undefined;
  const form = Form.useFormInstance();
  const { message, modal } = App.useApp();
  const listPath = Array.isArray(name) ? name : [name];
  // Only the number of lines is watched: a keystroke in a cell must not re-render every row of a long list.
  const watchedCount = Form.useWatch((values: unknown) => {
    let list: unknown = values;
    for (const key of listPath) list = (list as Record<string | number, unknown> | undefined)?.[key];
    return Array.isArray(list) ? list.length : 0;
  }, form) as number | undefined;
  const lineCount = watchedCount ?? 0;
  const [promptOpen, setPromptOpen] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const focusAddedRow = useFocusAddedRow(tableRef, lineCount);

  const readLines = () => readCarLines(form, listPath);
  const limit = maxCount ?? Number.POSITIVE_INFINITY;
  const room = Math.max(0, limit - lineCount);

  /** The refusals shared by 添加车辆 and 导入Excel; true when the clerk may go on. */
  const mayAdd = (roomLeft: number): boolean => {
    if (requireTypeFirst) {
      void message.error(carLinesMessages.typeFirst);
      return false;
    }
    if (roomLeft <= 0) {
      void message.error(carLinesMessages.tooMany);
      return false;
    }
    return true;
  };

  const { scheduleLookup, vinRules } = useVinCheck({ form, listPath, side, contractId });
  const excel = useCarLinesImport({ form, listPath, priceField, side, limit, mayAdd });

  const addRows = (count: number) => {
    const current = readLines();
    const added = Array.from({ length: Math.min(count, Math.max(0, limit - current.length)) }, () =>
      newCarLine(priceField),
    );
    focusAddedRow(current.length);
    form.setFieldValue(listPath, [...current, ...added]);
    setPromptOpen(false);
  };

  const removeRow = (index: number, remove: (index: number) => void) => {
    const line = readLines()[index];
    if (!line?.id) {
      remove(index);
      return;
    }
    const id = line.id;
    modal.confirm({
      title: carLinesMessages.confirmTitle,
      content: carLinesMessages.detachConfirm,
      okText: carLinesMessages.ok,
      cancelText: carLinesMessages.cancel,
      onOk: async () => {
        try {
          await detachCar(id, side, { successToast: false });
        } catch {
          // The HTTP client has shown the server's reason (a car with export records stays).
          return;
        }
        void message.success(carLinesMessages.detached);
        // Found again by id: rows may have been added or removed while the dialog was open.
        const at = readLines().findIndex((candidate) => candidate.id === id);
        if (at >= 0) remove(at);
      },
    });
  };

  return (
    <div ref={tableRef}>
      {closed && <Alert type="info" showIcon title={closedNote} style={{ marginBottom: 12 }} />}
      <Space style={{ marginBottom: 12 }} wrap>
        {!closed && (
          <>
            <Button icon={<PlusOutlined />} onClick={() => mayAdd(room) && setPromptOpen(true)} disabled={disabled}>
              {carLinesMessages.add}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              onClick={() => void excel.startImport()}
              loading={excel.busy}
              disabled={disabled}
            >
              {carLinesMessages.import}
            </Button>
          </>
        )}
        <Typography.Text type="secondary" aria-live="polite">
          {carLinesMessages.count(lineCount, maxCount)}
        </Typography.Text>
      </Space>
      <Form.List name={listPath}>
        {(fields, { remove }) => (
          <Table
            size="small"
            rowKey="key"
            dataSource={fields}
            pagination={false}
            locale={{ emptyText: carLinesMessages.empty }}
            scroll={{ x: 900 }}
            columns={carLineColumns({
              priceField,
              side,
              disabled,
              closed,
              vinRules,
              onVinTyped: scheduleLookup,
              onRemove: (index) => removeRow(index, remove),
            })}
          />
        )}
      </Form.List>
      <AddRowsPrompt open={promptOpen} room={room} onAdd={addRows} onCancel={() => setPromptOpen(false)} />
      {excel.previewDialog}
    </div>
  );
}
