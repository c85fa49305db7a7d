import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, ConfigProvider, Form } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { setHttpFeedback } from '../api/http-client';
import { readFixture } from '../testing/storage-test-server';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { expectedCheckDigit, vinMessages } from './vin';
import { CarLinesEditor, type CarLine, type CarLinesEditorProps } from './car-lines-editor';
import { carLinesMessages } from './car-lines-messages';
import { VIN_LOOKUP_DELAY_MS } from './car-lines-vin-check';

// Real requests to a real server on a machine shared with other work: give answers time to come.
configure({ asyncUtilTimeout: 5000 });

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const server = scriptedApiForEachTest();
let restoreFeedback: () => void;
const toasts: string[] = [];
const fixtures: Record<string, Uint8Array<ArrayBuffer>> = {};

beforeAll(async () => {
  for (const name of ['cars-import.xlsx', 'cars-import-with-errors.xlsx', 'cars-import-too-big.xlsx']) {
    fixtures[name] = await readFixture(`excel/${name}`);
  }
});
beforeEach(() => {
  toasts.length = 0;
  // Nothing is known until a test says so; the lookup answers an empty `found`.
  server.on('GET /api/car/exists', envelope(404, null, '记录不存在'));
  server.on('POST /api/car/lookup', envelope(200, { found: {} }));
  restoreFeedback = setHttpFeedback({ error: (text) => toasts.push(text), deleted: (text) => toasts.push(text) });
});
afterEach(() => restoreFeedback());

const requestsTo = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);

/** The editor inside a form, as the contract screens hold it; every save is recorded. */
function ContractForm({
  initial = [],
  saved,
  ...props
}: Partial<CarLinesEditorProps> & { initial?: CarLine[]; saved: Array<{ cars: CarLine[] }> }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <App>
        <Form initialValues={{ cars: initial }} onFinish={(values: { cars: CarLine[] }) => saved.push(values)}>
          <CarLinesEditor side="order" {...props} />
          <Button htmlType="submit">保存</Button>
        </Form>
      </App>
    </ConfigProvider>
  );
}

function renderEditor(props: Partial<CarLinesEditorProps> & { initial?: CarLine[] } = {}) {
  const saved: Array<{ cars: CarLine[] }> = [];
  render(<ContractForm saved={saved} {...props} />);
  return { saved };
}

const savedCar = (id: number, vin: string, model: string): CarLine => ({
  id,
  vin,
  model,
  order_price: 100000,
  invoice: 0,
  other: 0,
});

const vinBox = (row: number) => screen.getByLabelText(`第${row}行 车架号`);
const modelBox = (row: number) => screen.getByLabelText(`第${row}行 车型车系`);
const rowCount = () => screen.queryAllByLabelText(/^第\d+行 车架号$/).length;
const dialog = () => screen.getByRole('dialog');
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function addRows(user: ReturnType<typeof userEvent.setup>, count?: string) {
  await user.click(screen.getByRole('button', { name: /添加车辆/ }));
  const box = await within(dialog()).findByLabelText(carLinesMessages.promptLabel);
  if (count !== undefined) {
    await user.clear(box);
    await user.type(box, count);
  }
  await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
}

async function importFile(user: ReturnType<typeof userEvent.setup>, name: string, bytes: Uint8Array<ArrayBuffer>) {
  await user.click(screen.getByRole('button', { name: /导入Excel/ }));
  await user.upload(fileInput(), new File([bytes], name, { type: xlsxType }));
}

describe('CarLinesEditor: adding rows', () => {
  it('asks how many with 1 filled in, adds that many and puts the cursor in the first new VIN', async () => {
    const user = userEvent.setup();
    renderEditor({ maxCount: 5 });
    expect(screen.getByText(carLinesMessages.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /添加车辆/ }));
    const box = await within(dialog()).findByLabelText(carLinesMessages.promptLabel);
    expect(box).toHaveValue('1');
    expect(within(dialog()).getByText('还可添加 5 辆')).toBeInTheDocument();
    // The number has the focus once the dialog is open: Enter alone adds the row.
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowCount()).toBe(1));
    expect(vinBox(1)).toHaveFocus();
    expect(screen.getByText('已添加 1 / 5 辆')).toBeInTheDocument();

    await addRows(user, '3');
    await waitFor(() => expect(rowCount()).toBe(4));
    expect(vinBox(2)).toHaveFocus();
  });

  it('accepts only positive integers: 只能填写正整数', async () => {
    const user = userEvent.setup();
    renderEditor({ maxCount: 5 });
    for (const wrong of ['0', '-1', '1.5', '两', ' ']) {
      await addRows(user, wrong);
      expect(await within(dialog()).findByText(carLinesMessages.positiveInteger)).toBeInTheDocument();
      await user.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(rowCount()).toBe(0);
  });

  it('never goes past the ordered count: 添加的车辆数不能超过合同订购总数', async () => {
    const user = userEvent.setup();
    renderEditor({ maxCount: 3, initial: [savedCar(9, 'LSVAB1235RA100000', '大众朗逸')] });

    await addRows(user, '3');
    expect(await within(dialog()).findByText(carLinesMessages.tooMany)).toBeInTheDocument();
    expect(rowCount()).toBe(1);
    const box = within(dialog()).getByLabelText(carLinesMessages.promptLabel);
    await user.clear(box);
    await user.type(box, '2{Enter}');
    await waitFor(() => expect(rowCount()).toBe(3));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // At the limit the prompt does not even open.
    await user.click(screen.getByRole('button', { name: /添加车辆/ }));
    expect(await screen.findByText(carLinesMessages.tooMany)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rowCount()).toBe(3);
  });

  it('on the purchase form, asks for the contract type first: 请先选择合同类型', async () => {
    const user = userEvent.setup();
    renderEditor({ side: 'purchase', priceField: 'price', requireTypeFirst: true, maxCount: 5 });
    await user.click(screen.getByRole('button', { name: /添加车辆/ }));
    expect(await screen.findByText(carLinesMessages.typeFirst)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: /导入Excel/ }));
    await waitFor(() => expect(screen.getAllByText(carLinesMessages.typeFirst)).toHaveLength(2));
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});

describe('CarLinesEditor: what a save sends and refuses', () => {
  it('refuses empty cells with the spec’s messages, then sends the typed line', async () => {
    const user = userEvent.setup();
    const { saved } = renderEditor({ maxCount: 2 });
    await addRows(user);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入车架号')).toBeInTheDocument();
    expect(screen.getByText('请输入车型车系')).toBeInTheDocument();
    expect(screen.getByText('请输入车辆售价')).toBeInTheDocument();
    expect(saved).toEqual([]);

    // Tab goes VIN → model → price → service fee → other fees.
    await user.click(vinBox(1));
    await user.keyboard('lsvab1235 ra10000');
    await user.tab();
    expect(modelBox(1)).toHaveFocus();
    await user.keyboard('大众朗逸');
    await user.tab();
    expect(screen.getByLabelText('第1行 价格')).toHaveFocus();
    await user.keyboard('120000.5');
    await user.tab();
    expect(screen.getByLabelText('第1行 服务费')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('第1行 其他费用')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    // Said as the import preview says it: the length, not only 格式错误.
    expect(await screen.findByText(vinMessages.length(16))).toBeInTheDocument();
    await user.type(vinBox(1), '0');
    expect(vinBox(1)).toHaveValue('LSVAB1235RA100000');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.cars).toEqual([
      { id: 0, vin: 'LSVAB1235RA100000', model: '大众朗逸', order_price: 120000.5, invoice: 0, other: 0 },
    ]);
  });

  it('refuses the same VIN twice and a price with three decimals', async () => {
    const user = userEvent.setup();
    const { saved } = renderEditor({
      initial: [savedCar(3, 'LSVAB1235RA100000', '大众朗逸'), savedCar(0, 'LSVAB1235RA100000', '大众朗逸')],
    });
    await user.clear(screen.getByLabelText('第1行 价格'));
    await user.type(screen.getByLabelText('第1行 价格'), '1.234');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    // antd validates the rows one after another: wait until both duplicate rows say so.
    await waitFor(() => expect(screen.getAllByText('车架号 LSVAB1235RA100000 重复')).toHaveLength(2));
    expect(screen.getByText('车辆售价最多两位小数')).toBeInTheDocument();
    expect(screen.getByLabelText('第1行 价格')).toHaveValue('1.234');
    expect(saved).toEqual([]);
  });

  it('on the purchase form uses `price` and requires the service fee', async () => {
    const user = userEvent.setup();
    const { saved } = renderEditor({ side: 'purchase', priceField: 'price' });
    await addRows(user);
    await user.type(vinBox(1), 'LFVAB1232RA100001');
    await user.type(modelBox(1), '丰田卡罗拉');
    await user.type(screen.getByLabelText('第1行 价格'), '90000');
    await user.clear(screen.getByLabelText('第1行 服务费'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(carLinesMessages.invoiceRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('第1行 服务费'), '500');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.cars).toEqual([
      { id: 0, vin: 'LFVAB1232RA100001', model: '丰田卡罗拉', price: 90000, invoice: 500, other: 0 },
    ]);
  });
});

describe('CarLinesEditor: judging a typed VIN as the import does', () => {
  it('names the letters I, O, Q and the length; a wrong check digit warns and still saves', async () => {
    const user = userEvent.setup();
    const { saved } = renderEditor({ initial: [savedCar(0, '', '大众朗逸')] });
    await user.type(vinBox(1), 'LSVAB1235RAI0000O');
    expect(await screen.findByText(vinMessages.forbiddenLetters(['I', 'O']))).toBeInTheDocument();
    await user.clear(vinBox(1));
    await user.type(vinBox(1), 'LSVAB1235RA1000');
    expect(await screen.findByText(vinMessages.length(15))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(saved).toEqual([]);

    // Position 9 made wrong on purpose: a warning, not a refusal (many real VINs carry no check digit).
    const good = 'LSVAB1235RA100000';
    const wrongDigit = expectedCheckDigit(good) === '7' ? '8' : '7';
    const vin = `${good.slice(0, 8)}${wrongDigit}${good.slice(9)}`;
    await user.clear(vinBox(1));
    await user.type(vinBox(1), vin);
    const warning = await screen.findByText(vinMessages.checkDigit(expectedCheckDigit(vin) as string, wrongDigit));
    expect(warning.closest('.ant-form-item-explain-warning')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.cars[0]?.vin).toBe(vin);
  });

  it('marks a VIN already on another contract while typing, naming it, and leaves out the contract edited', async () => {
    const user = userEvent.setup();
    server.on('GET /api/car/exists', (request) =>
      request.query.get('vin') === 'LFVAB1232RA100001'
        ? envelope(200, {
            id: 9,
            vin: 'LFVAB1232RA100001',
            model: '丰田卡罗拉',
            order_no: 'HW2026001',
            purchase_no: null,
          })
        : envelope(200, { id: 8, vin: request.query.get('vin'), model: null, order_no: null, purchase_no: null }),
    );
    const { saved } = renderEditor({ contractId: 12, initial: [savedCar(0, '', '')] });
    await user.type(vinBox(1), 'LFVAB1232RA100001');
    const mark = await screen.findByText('该车架号已在合同 HW2026001 中');
    expect(mark.closest('.ant-form-item-explain-error')).not.toBeNull();
    const asked = requestsTo('GET', '/api/car/exists')[0]?.query;
    expect([asked?.get('vin'), asked?.get('type'), asked?.get('id')]).toEqual(['LFVAB1232RA100001', '2', '12']);
    // The model is still filled from the known vehicle.
    await waitFor(() => expect(modelBox(1)).toHaveValue('丰田卡罗拉'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(saved).toEqual([]);

    // Corrected to a VIN no other contract holds: the mark goes.
    await user.clear(vinBox(1));
    await user.type(vinBox(1), 'LSVAB1235RA100000');
    await waitFor(() => expect(screen.queryByText('该车架号已在合同 HW2026001 中')).toBeNull());
    await user.clear(screen.getByLabelText('第1行 价格'));
    await user.type(screen.getByLabelText('第1行 价格'), '88000');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});

describe('CarLinesEditor: deleting rows', () => {
  it('removes a new row at once, without asking the server', async () => {
    const user = userEvent.setup();
    renderEditor({ initial: [savedCar(0, 'LSVAB1235RA100000', '大众朗逸')] });
    await user.click(screen.getByRole('button', { name: '删除第1行' }));
    expect(rowCount()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('asks before removing a saved car, detaches it on the server, then says 删除成功!', async () => {
    const user = userEvent.setup();
    server.on('PUT /api/car/detach/7', { status: 204 });
    renderEditor({
      initial: [savedCar(6, 'LSVAB1235RA100000', '大众朗逸'), savedCar(7, 'LFVAB1232RA100001', '丰田卡罗拉')],
    });

    await user.click(screen.getByRole('button', { name: '删除第2行' }));
    expect(await within(dialog()).findByText('是否确定要将本车从该合同中移除?')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowCount()).toBe(2);
    expect(server.requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: '删除第2行' }));
    await user.click(await within(dialog()).findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(carLinesMessages.detached)).toBeInTheDocument();
    await waitFor(() => expect(rowCount()).toBe(1));
    expect(vinBox(1)).toHaveValue('LSVAB1235RA100000');
    expect(requestsTo('PUT', '/api/car/detach/7')).toMatchObject([
      { body: { model: 'order' }, authorization: 'Bearer live-token' },
    ]);
    // Our own message, not the client's generic 204 toast.
    expect(toasts).toEqual([]);
  });

  it('keeps the row when the server refuses, and says why', async () => {
    const user = userEvent.setup();
    const refusal = '车辆 LFVAB1232RA100001 已移交后续环节，不能从采购合同中移除';
    server.on('PUT /api/car/detach/8', envelope(409, null, refusal));
    renderEditor({ side: 'purchase', priceField: 'price', initial: [savedCar(8, 'LFVAB1232RA100001', '丰田卡罗拉')] });
    await user.click(screen.getByRole('button', { name: '删除第1行' }));
    await user.click(await within(dialog()).findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toasts).toEqual([refusal]));
    expect(requestsTo('PUT', '/api/car/detach/8')[0]?.body).toEqual({ model: 'purchase' });
    expect(rowCount()).toBe(1);
    expect(screen.queryByText(carLinesMessages.detached)).toBeNull();
  });
});

describe('CarLinesEditor: the VIN lookup', () => {
  it('asks once, 300 ms after the last keystroke, and fills an empty model', async () => {
    const user = userEvent.setup();
    // The test server runs in this process: its clock is the page's clock.
    let askedAt = 0;
    server.on('GET /api/car/exists', (request) => {
      askedAt = performance.now();
      return request.query.get('vin') === 'LSVAB1235RA100000'
        ? envelope(200, { id: 31, vin: 'LSVAB1235RA100000', model: '大众朗逸 1.5L' })
        : envelope(404, null, '记录不存在');
    });
    renderEditor({ initial: [savedCar(0, '', '')] });
    let lastKeystroke = 0;
    vinBox(1).addEventListener('input', () => (lastKeystroke = performance.now()));
    await user.type(vinBox(1), 'lsvab1235ra10000');
    // A half-typed VIN is never asked about.
    await new Promise((resolve) => setTimeout(resolve, VIN_LOOKUP_DELAY_MS + 100));
    expect(requestsTo('GET', '/api/car/exists')).toHaveLength(0);

    await user.type(vinBox(1), '0');
    await waitFor(() => expect(modelBox(1)).toHaveValue('大众朗逸 1.5L'));
    expect(askedAt - lastKeystroke).toBeGreaterThanOrEqual(VIN_LOOKUP_DELAY_MS);
    const asked = requestsTo('GET', '/api/car/exists');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query.get('vin')).toBe('LSVAB1235RA100000');
    expect(asked[0]?.query.get('type')).toBe('2');
  });

  it('waits for the typing to stop: a fast correction asks only about the final VIN', async () => {
    const user = userEvent.setup();
    renderEditor({ side: 'purchase', priceField: 'price', initial: [savedCar(0, '', '')] });
    await user.type(vinBox(1), 'LSVAB1235RA100000{Backspace}1');
    await new Promise((resolve) => setTimeout(resolve, VIN_LOOKUP_DELAY_MS + 200));
    await waitFor(() => expect(requestsTo('GET', '/api/car/exists')).toHaveLength(1));
    expect(requestsTo('GET', '/api/car/exists')[0]?.query.get('vin')).toBe('LSVAB1235RA100001');
    expect(requestsTo('GET', '/api/car/exists')[0]?.query.get('type')).toBe('1');
    // 404: nothing said, nothing filled.
    expect(toasts).toEqual([]);
    expect(modelBox(1)).toHaveValue('');
  });

  it('never overwrites a model the clerk typed', async () => {
    const user = userEvent.setup();
    server.on('GET /api/car/exists', envelope(200, { id: 31, vin: 'LSVAB1235RA100000', model: '大众朗逸 1.5L' }));
    renderEditor({ initial: [savedCar(0, '', '')] });
    await user.type(modelBox(1), '我写的车型');
    await user.type(vinBox(1), 'LSVAB1235RA100000');
    await waitFor(() => expect(requestsTo('GET', '/api/car/exists')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(modelBox(1)).toHaveValue('我写的车型');
  });
});

describe('CarLinesEditor: Excel import', () => {
  it('previews cars-import.xlsx after ONE lookup for all 20 VINs, then adds them', async () => {
    const user = userEvent.setup();
    server.on(
      'POST /api/car/lookup',
      envelope(200, { found: { LSVAB1235RA100000: { id: 11, model: '大众朗逸 1.5L 自动舒适版' } } }),
    );
    renderEditor({ maxCount: 20, initial: [{ id: 0, vin: '', model: '', order_price: null, invoice: 0, other: 0 }] });
    await importFile(user, 'cars-import.xlsx', fixtures['cars-import.xlsx']!);

    const preview = await screen.findByRole('dialog', { name: '导入车辆：cars-import.xlsx' });
    expect(within(preview).getByText('共 20 行：可导入 20 行，有误 0 行（不会导入）')).toBeInTheDocument();
    expect(within(preview).getByText('读取工作表“车辆清单”（只读取第一张工作表）')).toBeInTheDocument();
    expect(within(preview).getAllByText('可导入')).toHaveLength(20);
    expect(within(preview).getByText('系统中已有此车')).toBeInTheDocument();

    const lookups = requestsTo('POST', '/api/car/lookup');
    expect(lookups).toHaveLength(1);
    expect((lookups[0]?.body as { vins: string[] }).vins).toHaveLength(20);
    expect(requestsTo('GET', '/api/car/exists')).toHaveLength(0);

    // The untouched empty row is replaced, so all 20 fit the ordered 20.
    await user.click(within(preview).getByRole('button', { name: '导入 20 辆' }));
    expect(await screen.findByText(carLinesMessages.imported(20))).toBeInTheDocument();
    await waitFor(() => expect(rowCount()).toBe(20));
    expect(vinBox(1)).toHaveValue('LSVAB1235RA100000');
    expect(modelBox(20)).toHaveValue('长安CS75 PLUS');
    expect(screen.getByLabelText('第20行 价格')).toHaveValue('146,727.14');
  });

  it('marks every bad row of cars-import-with-errors.xlsx with its reason and adds only the good ones', async () => {
    const user = userEvent.setup();
    server.on(
      'POST /api/car/lookup',
      envelope(200, { found: { LHGAB123XRA200005: { id: 12, model: '本田雅阁 2.0L' } } }),
    );
    const { saved } = renderEditor({ maxCount: 30, initial: [savedCar(5, 'LSVAB1235RA100000', '大众朗逸')] });
    await importFile(user, 'cars-import-with-errors.xlsx', fixtures['cars-import-with-errors.xlsx']!);

    const preview = await screen.findByRole('dialog', { name: '导入车辆：cars-import-with-errors.xlsx' });
    // The missing model was filled by the lookup, so that row is good now.
    expect(within(preview).getByText('共 10 行：可导入 5 行，有误 5 行（不会导入），1 行需要核对')).toBeInTheDocument();
    const row = (number: number, outcome: '可导入' | '不导入') =>
      within(preview).getByLabelText(`第 ${number} 行：${outcome}`);
    expect(within(row(3, '不导入')).getByText('车架号应为17位，当前为16位')).toBeInTheDocument();
    expect(within(row(4, '不导入')).getByText('车架号不能包含字母 I（I、O、Q 不用于车架号）')).toBeInTheDocument();
    expect(within(row(5, '可导入')).getByText('LSVAB1233RA200001')).toBeInTheDocument();
    expect(within(row(6, '可导入')).getByText('LGBAB1234RA200004')).toBeInTheDocument();
    expect(within(row(7, '可导入')).getByText('车型取自系统中的车辆')).toBeInTheDocument();
    expect(within(row(8, '不导入')).getByText('价格“十四万”不是数字')).toBeInTheDocument();
    expect(within(row(9, '不导入')).getByText('车架号与第 2 行重复')).toBeInTheDocument();
    expect(
      within(row(10, '可导入')).getByText('第9位校验码应为 5（现为 0），请核对车架号是否抄错'),
    ).toBeInTheDocument();
    expect(within(row(12, '不导入')).getByText('价格不能为负数')).toBeInTheDocument();
    expect(within(preview).queryByLabelText(/^第 11 行/)).toBeNull();

    const lookups = requestsTo('POST', '/api/car/lookup');
    expect(lookups).toHaveLength(1);
    expect((lookups[0]?.body as { vins: string[] }).vins).toEqual([
      'LFVAB1230RA200002',
      'LSVAB1233RA200001',
      'LGBAB1234RA200004',
      'LHGAB123XRA200005',
      'LBVAB1232RA200006',
      'LSGAB1230RA200007',
      'LGWAB1233RA200008',
    ]);

    await user.click(within(preview).getByRole('button', { name: '导入 5 辆' }));
    await waitFor(() => expect(rowCount()).toBe(6));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.cars.map((car) => [car.id, car.vin, car.model, car.order_price])).toEqual([
      [5, 'LSVAB1235RA100000', '大众朗逸', 100000],
      [0, 'LFVAB1230RA200002', '大众迈腾 330TSI', 189000],
      [0, 'LSVAB1233RA200001', '小写车架号（应转大写）', 120000],
      [0, 'LGBAB1234RA200004', '首尾带空格', 130000],
      [0, 'LHGAB123XRA200005', '本田雅阁 2.0L', 140000],
      [0, 'LSGAB1230RA200007', '校验位错误', 160000],
    ]);
  });

  it('says how many good rows the ordered count leaves out, before and after', async () => {
    const user = userEvent.setup();
    renderEditor({ maxCount: 15, initial: [savedCar(5, 'LSVAB1235RA100000', '大众朗逸')] });
    await importFile(user, 'cars-import.xlsx', fixtures['cars-import.xlsx']!);
    const preview = await screen.findByRole('dialog', { name: '导入车辆：cars-import.xlsx' });
    // The car already in the editor is refused as listed; 19 good rows, room for 14.
    expect(within(preview).getByText('共 20 行：可导入 19 行，有误 1 行（不会导入）')).toBeInTheDocument();
    expect(
      within(preview).getByText('合同订购总数还可添加 14 辆车，另有 5 行可导入的车辆将不会导入'),
    ).toBeInTheDocument();
    expect(
      within(within(preview).getByLabelText('第 2 行：不导入')).getByText('车架号已在车辆列表中'),
    ).toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: '导入 14 辆' }));
    expect(await screen.findByText(carLinesMessages.imported(14))).toBeInTheDocument();
    expect(await screen.findByText(carLinesMessages.importLeftOut(5))).toBeInTheDocument();
    await waitFor(() => expect(rowCount()).toBe(15));
  });

  it('refuses a file over 100KB before reading it, and asks the server nothing', async () => {
    const user = userEvent.setup();
    renderEditor({ maxCount: 5 });
    await importFile(user, 'cars-import-too-big.xlsx', fixtures['cars-import-too-big.xlsx']!);
    expect(await screen.findByText('文件过大，要读取的excel文件不应超过100KB')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('says a CSV renamed to .xlsx is not an Excel file, instead of looking for its header', async () => {
    const user = userEvent.setup();
    renderEditor({ maxCount: 5 });
    await importFile(user, '车辆.xlsx', new TextEncoder().encode('车架号,车型,价格\nLSVAB1235RA100000,x,1\n'));
    expect(await screen.findByText('无法读取该文件，请选择 Excel 文件（xlsx 或 xls）')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('still previews when the lookup fails, and says so', async () => {
    const user = userEvent.setup();
    server.on('POST /api/car/lookup', envelope(500, null, '服务器内部错误'));
    renderEditor({ maxCount: 30 });
    await importFile(user, 'cars-import-with-errors.xlsx', fixtures['cars-import-with-errors.xlsx']!);
    const preview = await screen.findByRole('dialog', { name: '导入车辆：cars-import-with-errors.xlsx' });
    expect(
      within(preview).getByText('未能查询系统中已有的车辆（服务器内部错误），缺少车型的行需要在表格中补上'),
    ).toBeInTheDocument();
    expect(within(within(preview).getByLabelText('第 7 行：不导入')).getByText('请输入车型车系')).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });
});
