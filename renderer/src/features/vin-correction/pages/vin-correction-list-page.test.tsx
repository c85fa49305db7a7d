import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { VinCorrection } from '../../../../../contract/vin-correction';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { VinCorrectionListPage } from './vin-correction-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();
let corrections: VinCorrection[];
let vehicles: Array<{ id: number; vin: string }>;

const CREATED = '2026-11-21T14:05:00.000+08:00';

beforeEach(() => {
  vehicles = [
    { id: 11, vin: 'LSVAB4187E2123456' },
    { id: 12, vin: 'LSVCD4187E2654321' },
  ];
  corrections = [
    {
      id: 1,
      vin_old: 'LSVAB4187E2000001',
      vin_new: 'LSVAB4187E2000002',
      created_at: CREATED,
      users: { nickname: '王管理' },
    },
  ];
  server.on('GET /api/car/vinAlterLists', (request) => {
    const vinNew = request.query.get('vinNew') ?? '';
    const rows = corrections.filter((row) => row.vin_new.includes(vinNew));
    return envelope(200, { data: rows, meta: { total: rows.length, page: 1, limit: 15 }, total: rows.length });
  });
  server.on('GET /api/car/search', (request) => {
    const text = (request.query.get('vin') ?? '').toUpperCase();
    return envelope(
      200,
      vehicles.filter((car) => car.vin.includes(text)),
    );
  });
});

const corrects = () => server.requests.filter((request) => request.path === '/api/car/vinAlter');
const lists = () => server.requests.filter((request) => request.path === '/api/car/vinAlterLists');

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: /新增更正/ }));
  return screen.findByRole('dialog', { name: '车架号更正' });
}

describe('VIN correction page', () => {
  it('lists corrections 15 a page with who made them and when', async () => {
    renderInApp(<VinCorrectionListPage />);
    const row = (await screen.findByText('LSVAB4187E2000002')).closest('tr') as HTMLElement;
    expect(within(row).getByText('LSVAB4187E2000001')).toBeInTheDocument();
    expect(within(row).getByText('王管理')).toBeInTheDocument();
    expect(within(row).getByText(dayjs(CREATED).format('YYYY-MM-DD HH:mm:ss'))).toBeInTheDocument();
    for (const header of ['ID', '原车架号', '新车架号', '更正人', '更正时间']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(lists()[0]?.query.get('limit')).toBe('15');
  });

  it('filters by the new VIN, upper-cased', async () => {
    renderInApp(<VinCorrectionListPage />);
    await screen.findByText('LSVAB4187E2000002');
    await userEvent.type(screen.getByLabelText('新车架号'), 'zz9{Enter}');
    await waitFor(() => expect(lists().at(-1)?.query.get('vinNew')).toBe('ZZ9'));
    expect(await screen.findByText('没有符合条件的更正记录，请修改新车架号或点击“重置”')).toBeInTheDocument();
  });

  it('checks both VINs before sending anything', async () => {
    renderInApp(<VinCorrectionListPage />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写要更正的车架号')).toBeInTheDocument();
    expect(within(dialog).getByText('新车架号格式错误')).toBeInTheDocument();

    const vinNew = within(dialog).getByLabelText('新车架号');
    for (const bad of [
      'LSVAB4187E212345',
      'LSVAB4187E21234567',
      'LSVAB4187E212345I',
      'LSVOB4187E2123456',
      'LSVAB418QE2123456',
    ]) {
      await userEvent.clear(vinNew);
      await userEvent.type(vinNew, bad);
      await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      expect(await within(dialog).findByText('新车架号格式错误')).toBeInTheDocument();
    }
    expect(corrects()).toHaveLength(0);
  });

  it('corrects a VIN chosen from the suggestions, says 操作成功 and shows it in the list', async () => {
    server.on('POST /api/car/vinAlter', (request) => {
      const { vinOld, vinNew } = request.body as { vinOld: string; vinNew: string };
      corrections = [
        { id: 2, vin_old: vinOld, vin_new: vinNew, created_at: CREATED, users: { nickname: '王' } },
        ...corrections,
      ];
      return envelope(200, { id: 2 }, '操作成功');
    });
    renderInApp(<VinCorrectionListPage />);
    await screen.findByText('LSVAB4187E2000002');
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('原车架号'), '654');
    await userEvent.click(await screen.findByTitle('LSVCD4187E2654321'));
    // Typed in lower case with blanks around: sent upper-case and trimmed.
    await userEvent.type(within(dialog).getByLabelText('新车架号'), ' lsvcd4187e2654329 ');
    expect(within(dialog).getByLabelText('新车架号')).toHaveValue('LSVCD4187E2654329');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(corrects()[0]?.body).toEqual({ vinOld: 'LSVCD4187E2654321', vinNew: 'LSVCD4187E2654329' });
    const row = (await screen.findByText('LSVCD4187E2654329', { selector: 'td *' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('LSVCD4187E2654321')).toBeInTheDocument();
  });

  it('sends the optional 更正原因 trimmed, and takes at most 200 characters', async () => {
    server.on('POST /api/car/vinAlter', envelope(200, { id: 3 }, '操作成功'));
    renderInApp(<VinCorrectionListPage />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('原车架号'), 'LSVCD4187E2654321');
    await userEvent.type(within(dialog).getByLabelText('新车架号'), 'LSVCD4187E2654329');
    const reason = within(dialog).getByLabelText('更正原因');
    await userEvent.click(reason);
    await userEvent.paste('错'.repeat(205));
    expect((reason as HTMLTextAreaElement).value).toHaveLength(200);
    await userEvent.clear(reason);
    await userEvent.type(reason, '  录入时看错一位  ');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(corrects()[0]?.body).toEqual({
      vinOld: 'LSVCD4187E2654321',
      vinNew: 'LSVCD4187E2654329',
      reason: '录入时看错一位',
    });
  });

  it('shows the server’s refusal in the dialog and keeps both VINs', async () => {
    server.on('POST /api/car/vinAlter', envelope(409, null, '新车架号 LSVAB4187E2123456 已被使用'));
    renderInApp(<VinCorrectionListPage />);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('原车架号'), 'LSVCD4187E2654321');
    await userEvent.type(within(dialog).getByLabelText('新车架号'), 'LSVAB4187E2123456');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('新车架号 LSVAB4187E2123456 已被使用');
    expect(within(dialog).getByLabelText('原车架号')).toHaveValue('LSVCD4187E2654321');
    expect(within(dialog).getByLabelText('新车架号')).toHaveValue('LSVAB4187E2123456');
  });

  it('says what to do when there is no correction yet', async () => {
    corrections = [];
    renderInApp(<VinCorrectionListPage />);
    expect(await screen.findByText('暂无更正记录，点击“新增更正”更正车架号')).toBeInTheDocument();
  });
});
