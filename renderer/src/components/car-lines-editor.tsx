/**
 * CarLinesEditor: every car list of a contract form (DESIGN.md), the overseas form's (spec part 1,
 * sections 3 and 5) and the purchase form's (part 2, section 5). An editable table over an antd
 * `Form.List`, so it must sit inside the screen's `<Form>`; the list lives at `name` (default `cars`) and
 * each line is `{ id (0 = new), vin, model, <priceField>, invoice, other }`.
 *
 * - 添加车辆 asks how many rows (default 1, positive integers only) and never goes past `maxCount`.
 * - 删除 removes a new row at once; a saved car (id ≠ 0) is confirmed, then detached on the server.
 * - A VIN typed in a row is looked up 300 ms after the last keystroke; a known vehicle fills the model.
 * - 导入Excel reads the first sheet and shows a preview before anything is added (car-lines-import.ts).
 *
 * Needs antd's `<App>` above it (messages and the confirm dialog come from App.useApp()).
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Typography,
  type FormListFieldData,
  type FormRule,
  type InputRef,
} from 'antd';
import { DeleteOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { CAR_EXISTS_TYPES, CAR_LOOKUP_MAX, carMessages, type CarLookupAnswer } from '../../../contract/vehicle';
import { textTooLong } from '../../../contract/fields';
import { moneyLabels, orderMessages, orderTextLimits } from '../../../contract/overseas-messages';
import { purchaseMessages } from '../../../contract/purchase';
import { findCarByVin } from '../api/car-exists';
import { detachCar } from '../api/detach-car';
import { lookupCars } from '../api/lookup-cars';
import { applyLookup, foundVehicles, vinsToLookUp } from './car-lines-import-lookup';
import { CarImportError, type ImportedRow, type ParsedCarSheet } from './car-lines-import-rules';
import { CarLinesImportPreview } from './car-lines-import-preview';
import { MoneyInput, moneyRules } from './money-input';
import { useOpenFile } from './use-open-file';
import { checkDigitWarning, normalizeTypedVin, normalizeVin, VIN_PATTERN, vinProblem } from './vin';
import { VIN_FONT } from './vin-search-box';

/** The spec's lookup delay (part 1, section 9). */
export const VIN_LOOKUP_DELAY_MS = 300;
/** The spec's Excel limit (part 1, section 9); the same number as car-lines-import-rules.ts, kept here so
 * the picker can refuse a file without loading SheetJS. */
export const EXCEL_IMPORT_LIMIT_BYTES = 100 * 1024;

export const carLinesMessages = {
  add: '添加车辆',
  import: '导入Excel',
  remove: '删除',
  vinRequired: carMessages.vinRequired,
  vinFormat: carMessages.vinFormat,
  vinDuplicate: orderMessages.duplicateVinInForm,
  modelRequired: carMessages.modelRequired,
  invoiceRequired: '请输入服务费',
  vinOnOtherContract: (contractNo: string) => `该车架号已在合同 ${contractNo} 中`,
  modelTooLong: textTooLong('车型车系', orderTextLimits.model),
  tooMany: orderMessages.tooManyCars,
  positiveInteger: orderMessages.countPositiveInteger,
  typeFirst: '请先选择合同类型',
  excelTooLarge: orderMessages.excelTooLarge,
  detachConfirm: carMessages.detachConfirm,
  detached: '删除成功!',
  promptTitle: '添加车辆',
  promptLabel: '要添加的车辆数',
  promptRoom: (room: number) => `还可添加 ${room} 辆`,
  confirmTitle: '提示',
  ok: '确定',
  cancel: '取消',
  count: (count: number, max?: number) => (max === undefined ? `共 ${count} 辆` : `已添加 ${count} / ${max} 辆`),
  imported: (count: number) => `已导入 ${count} 辆车`,
  importLeftOut: (count: number) => `另有 ${count} 辆车超出合同订购总数，未导入`,
  empty: '暂无车辆，请添加车辆或导入Excel',
  importTitle: '导入车辆',
  excelFilter: 'Excel 文件',
} as const;

export type CarPriceField = 'order_price' | 'price';
export type CarLinesSide = 'order' | 'purchase';

/** An empty price in the words of the side's own form and server: 车辆售价 sells, 采购价格 buys. */
export const priceRequiredMessages: Record<CarLinesSide, string> = {
  order: carMessages.priceRequired,
  purchase: purchaseMessages.priceRequired,
};

/** One line as the form holds it; `order_price` on the overseas form, `price` on the purchase form. */
export interface CarLine {
  id: number;
  vin: string;
  model: string;
  order_price?: number | null;
  price?: number | null;
  invoice: number | null;
  other: number | null;
}

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

export const newCarLine = (priceField: CarPriceField = 'order_price'): CarLine => ({
  id: 0,
  vin: '',
  model: '',
  [priceField]: null,
  invoice: 0,
  other: 0,
});

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** A new row nobody has typed in: an import fills these before adding more. */
const isUntouched = (line: CarLine | undefined, priceField: CarPriceField) =>
  !line || (!line.id && blank(line.vin) && blank(line.model) && blank(line[priceField]));

/** The price column's name in the messages: 车辆售价 on the overseas form, 车辆价格 on the purchase form. */
const priceLabel = (priceField: CarPriceField) => (priceField === 'order_price' ? moneyLabels.order_price : '车辆价格');

/** The how-many prompt of 添加车辆: positive integers only, never more than `room`. */
function AddRowsPrompt({
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
  const input = useRef<InputRef>(null);
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
        // The dialog takes the focus when it opens; give it to the number, selected, so typing replaces the 1.
        if (visible) input.current?.focus({ cursor: 'all' });
        else {
          setText('1');
          setError('');
        }
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

interface ImportPreviewState {
  fileName: string;
  sheet: ParsedCarSheet;
  /** How many lines the contract may still take, untouched new rows not counted. */
  room: number;
  lookupError?: string;
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
  const { open: openFile, opening } = useOpenFile();
  const listPath = Array.isArray(name) ? name : [name];
  // Only the number of lines is watched: a keystroke in a cell must not re-render every row of a long list.
  const watchedCount = Form.useWatch((values: unknown) => {
    let list: unknown = values;
    for (const key of listPath) list = (list as Record<string | number, unknown> | undefined)?.[key];
    return Array.isArray(list) ? list.length : 0;
  }, form) as number | undefined;
  const lineCount = watchedCount ?? 0;
  const [promptOpen, setPromptOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [preview, setPreview] = useState<ImportPreviewState>();
  const tableRef = useRef<HTMLDivElement>(null);
  const focusRow = useRef<number | undefined>(undefined);
  const lookups = useRef(new Map<number, { timer: number; controller?: AbortController }>());
  /** VIN → the other contract of this side that holds it, as the live lookup last answered. */
  const takenVins = useRef(new Map<string, string>());

  const readLines = (): CarLine[] => (form.getFieldValue(listPath) as CarLine[] | undefined) ?? [];
  const limit = maxCount ?? Number.POSITIVE_INFINITY;
  const room = Math.max(0, limit - lineCount);

  useEffect(() => {
    const pending = lookups.current;
    return () => {
      for (const lookup of pending.values()) {
        window.clearTimeout(lookup.timer);
        lookup.controller?.abort();
      }
      pending.clear();
    };
  }, []);

  // Keyboard: after rows are added, the first new VIN box takes the focus.
  useEffect(() => {
    if (focusRow.current === undefined) return;
    const row = focusRow.current;
    focusRow.current = undefined;
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-car-row="${row}"][data-car-field="vin"]`)?.focus();
  }, [lineCount]);

  // An import replaces the rows nobody has typed in yet, so they do not count against its room.
  const importRoom = () => Math.max(0, limit - readLines().filter((line) => !isUntouched(line, priceField)).length);

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

  const addRows = (count: number) => {
    const current = readLines();
    const added = Array.from({ length: Math.min(count, Math.max(0, limit - current.length)) }, () =>
      newCarLine(priceField),
    );
    focusRow.current = current.length;
    form.setFieldValue(listPath, [...current, ...added]);
    setPromptOpen(false);
  };

  /**
   * Fills the model of the row that still holds `vin` once the lookup answers. It only fills: a model
   * the clerk typed (or one already there) is never overwritten. The row is found again by its VIN,
   * because rows may have been added or removed while the answer was on its way.
   */
  const fillModel = (vin: string, model: string | null) => {
    if (!model?.trim()) return;
    const current = readLines();
    const index = current.findIndex((line) => normalizeVin(line.vin ?? '') === vin && blank(line.model));
    if (index < 0) return;
    form.setFieldValue([...listPath, index, 'model'], model.trim());
    void form.validateFields([[...listPath, index, 'model']]).catch(() => undefined);
  };

  /**
   * Remembers whether another contract holds `vin` and checks again every row that holds it, so the row
   * is marked (or unmarked) while the clerk is still typing, not only in a toast after 保存.
   */
  const markTaken = (vin: string, contractNo: string | undefined) => {
    if ((takenVins.current.get(vin) ?? undefined) === contractNo) return;
    if (contractNo) takenVins.current.set(vin, contractNo);
    else takenVins.current.delete(vin);
    const rows = readLines().flatMap((line, index) => (normalizeVin(line.vin ?? '') === vin ? [index] : []));
    if (rows.length > 0)
      void form.validateFields(rows.map((index) => [...listPath, index, 'vin'])).catch(() => undefined);
  };

  /** The lookup 300 ms after the last keystroke in a row's VIN box (spec part 1, section 2). */
  const scheduleLookup = (rowKey: number, typed: string) => {
    const previous = lookups.current.get(rowKey);
    if (previous) {
      window.clearTimeout(previous.timer);
      previous.controller?.abort();
    }
    const vin = normalizeTypedVin(typed);
    // Only a complete, well-formed VIN can name a vehicle: no call for every half-typed one.
    if (!VIN_PATTERN.test(vin)) {
      lookups.current.delete(rowKey);
      return;
    }
    const lookup: { timer: number; controller?: AbortController } = { timer: 0 };
    lookup.timer = window.setTimeout(() => {
      lookup.controller = new AbortController();
      // Silent on every failure, not only the spec's 404: the lookup is a convenience while typing and
      // must not cover the form with toasts; the save still checks everything.
      void findCarByVin(
        { vin, type: CAR_EXISTS_TYPES[side], ...(contractId ? { id: contractId } : {}) },
        lookup.controller.signal,
      )
        .then((car) => {
          if (lookup.controller?.signal.aborted) return;
          markTaken(vin, (side === 'order' ? car?.order_no : car?.purchase_no) ?? undefined);
          if (car) fillModel(vin, car.model);
        })
        .finally(() => {
          if (lookups.current.get(rowKey) === lookup) lookups.current.delete(rowKey);
        });
    }, VIN_LOOKUP_DELAY_MS);
    lookups.current.set(rowKey, lookup);
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
        const at = readLines().findIndex((candidate) => candidate.id === id);
        if (at >= 0) remove(at);
      },
    });
  };

  const startImport = async () => {
    if (!mayAdd(importRoom())) return;
    const file = await openFile({
      title: carLinesMessages.importTitle,
      filters: [{ name: carLinesMessages.excelFilter, extensions: ['xlsx', 'xls'] }],
      maxBytes: EXCEL_IMPORT_LIMIT_BYTES,
      tooLargeMessage: carLinesMessages.excelTooLarge,
    });
    if (!file) return;
    setImporting(true);
    try {
      const { readCarWorkbook } = await import('./car-lines-import');
      let sheet: ParsedCarSheet;
      try {
        sheet = await readCarWorkbook(file.bytes, {
          listedVins: readLines().map((line) => line.vin ?? ''),
          priceRequired: priceRequiredMessages[side],
        });
      } catch (error) {
        void message.error(error instanceof CarImportError ? error.message : String(error));
        return;
      }
      // Departure from the spec (docs/decisions.md): the spec looks every imported row up with its own
      // GET /api/car/exists; here ONE POST /api/car/lookup carries all the file's valid VINs (split only
      // past the server's 2,000 per call, which a 100KB sheet rarely reaches), so a 20-row sheet is one
      // round trip instead of 20.
      const vins = vinsToLookUp(sheet.rows);
      let lookupError: string | undefined;
      const answers: Array<CarLookupAnswer | undefined> = [];
      try {
        for (let start = 0; start < vins.length; start += CAR_LOOKUP_MAX) {
          answers.push(await lookupCars(vins.slice(start, start + CAR_LOOKUP_MAX), { silent: true }));
        }
      } catch (error) {
        lookupError = error instanceof Error ? error.message : String(error);
      }
      setPreview({
        fileName: file.name,
        sheet: { ...sheet, rows: applyLookup(sheet.rows, foundVehicles(answers)) },
        room: importRoom(),
        lookupError,
      });
    } finally {
      setImporting(false);
    }
  };

  /** Adds the preview's good rows; untouched new rows are replaced first, so they do not eat the room. */
  const finishImport = (rows: ImportedRow[]) => {
    const kept = readLines().filter((line) => !isUntouched(line, priceField));
    const space = Math.max(0, limit - kept.length);
    const added = rows.slice(0, space).map((row): CarLine => ({
      id: 0,
      vin: row.vin,
      model: row.model,
      [priceField]: row.price,
      invoice: row.invoice ?? 0,
      other: row.other ?? 0,
    }));
    form.setFieldValue(listPath, [...kept, ...added]);
    setPreview(undefined);
    void message.success(carLinesMessages.imported(added.length));
    const leftOut = (preview ? preview.sheet.rows.filter((row) => row.errors.length === 0).length : 0) - added.length;
    if (leftOut > 0) void message.warning(carLinesMessages.importLeftOut(leftOut));
  };

  /**
   * A manual row is judged as the import preview judges a row (vin.ts): what is wrong with the VIN (its
   * length, the letters I, O, Q), a VIN twice in the list, a VIN on another contract; a wrong check digit
   * only warns, so it never stops the save.
   */
  const vinRules: FormRule[] = [
    {
      validator: async (_, value: unknown) => {
        const problem = vinProblem(normalizeVin(String(value ?? '')));
        if (problem) throw new Error(problem);
      },
    },
    {
      validator: async (_, value: unknown) => {
        const vin = normalizeVin(String(value ?? ''));
        if (!vin) return;
        const same = readLines().filter((line) => normalizeVin(line.vin ?? '') === vin).length;
        if (same > 1) throw new Error(carLinesMessages.vinDuplicate(vin));
        const contractNo = takenVins.current.get(vin);
        if (contractNo) throw new Error(carLinesMessages.vinOnOtherContract(contractNo));
      },
    },
    {
      warningOnly: true,
      validator: async (_, value: unknown) => {
        const warning = checkDigitWarning(normalizeVin(String(value ?? '')));
        if (warning) throw new Error(warning);
      },
    },
  ];
  const purchase = priceField === 'price';

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
              onClick={() => void startImport()}
              loading={opening || importing}
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
            columns={[
              { title: '序号', key: 'number', width: 56, render: (_, field) => field.name + 1 },
              {
                title: '车架号',
                key: 'vin',
                width: 220,
                render: (_, field) => (
                  <>
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'vin']}
                      rules={vinRules}
                      normalize={(value: string) => normalizeTypedVin(value ?? '')}
                      style={{ marginBottom: 0 }}
                    >
                      <Input
                        aria-label={`第${field.name + 1}行 车架号`}
                        data-car-row={field.name}
                        data-car-field="vin"
                        style={{ fontFamily: VIN_FONT }}
                        autoComplete="off"
                        spellCheck={false}
                        disabled={disabled}
                        readOnly={closed}
                        onChange={(event: ChangeEvent<HTMLInputElement>) =>
                          scheduleLookup(field.key, event.target.value)
                        }
                      />
                    </Form.Item>
                  </>
                ),
              },
              {
                title: '车型车系',
                key: 'model',
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'model']}
                    rules={[
                      { required: true, whitespace: true, message: carLinesMessages.modelRequired },
                      { max: orderTextLimits.model, message: carLinesMessages.modelTooLong },
                    ]}
                    style={{ marginBottom: 0 }}
                  >
                    <Input
                      aria-label={`第${field.name + 1}行 车型车系`}
                      disabled={disabled}
                      maxLength={orderTextLimits.model}
                    />
                  </Form.Item>
                ),
              },
              {
                title: '价格',
                key: 'price',
                width: 150,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, priceField]}
                    rules={moneyRules({ label: priceLabel(priceField), required: priceRequiredMessages[side] })}
                    style={{ marginBottom: 0 }}
                  >
                    <MoneyInput aria-label={`第${field.name + 1}行 价格`} disabled={disabled} />
                  </Form.Item>
                ),
              },
              {
                title: '服务费',
                key: 'invoice',
                width: 120,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'invoice']}
                    rules={moneyRules({
                      label: moneyLabels.invoice,
                      allowZero: true,
                      required: purchase ? carLinesMessages.invoiceRequired : undefined,
                    })}
                    style={{ marginBottom: 0 }}
                  >
                    <MoneyInput aria-label={`第${field.name + 1}行 服务费`} disabled={disabled} />
                  </Form.Item>
                ),
              },
              {
                title: '其他费用',
                key: 'other',
                width: 120,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'other']}
                    rules={moneyRules({ label: moneyLabels.other, allowZero: true })}
                    style={{ marginBottom: 0 }}
                  >
                    <MoneyInput aria-label={`第${field.name + 1}行 其他费用`} disabled={disabled} />
                  </Form.Item>
                ),
              },
              ...(closed
                ? []
                : [
                    {
                      title: '操作',
                      key: 'actions',
                      width: 80,
                      render: (_: unknown, field: FormListFieldData) => (
                        <Button
                          type="link"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`删除第${field.name + 1}行`}
                          disabled={disabled}
                          onClick={() => removeRow(field.name, remove)}
                        >
                          {carLinesMessages.remove}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
        )}
      </Form.List>
      <AddRowsPrompt open={promptOpen} room={room} onAdd={addRows} onCancel={() => setPromptOpen(false)} />
      {preview && (
        <CarLinesImportPreview
          open
          fileName={preview.fileName}
          sheetName={preview.sheet.sheetName}
          rows={preview.sheet.rows}
          room={preview.room}
          lookupError={preview.lookupError}
          onImport={finishImport}
          onCancel={() => setPreview(undefined)}
        />
      )}
    </div>
  );
}
