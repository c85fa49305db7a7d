import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerType } from '../../../../../contract/customer';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { CustomerTypePage } from './customer-type-page';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();
let types: CustomerType[];

beforeEach(() => {
  types = [
    { id: 1, name: '销外客户', status: 1, kind: 'customer' },
    { id: 2, name: '代理人', status: 1, kind: 'agent' },
    { id: 3, name: '供应商', status: 1, kind: 'seller' },
    { id: 5, name: '国内卖家', status: 1, kind: null },
    { id: 6, name: '车商', status: 1, kind: null },
  ];
  server.on('GET /api/customerType', () => envelope(200, types));
});

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr') as HTMLElement;
/** antd spaces two-character labels (删 除); role queries over a whole table are slow in jsdom. */
const buttonIn = (row: HTMLElement, label: RegExp) => within(row).getByText(label).closest('button') as HTMLElement;
const writes = () => server.requests.filter((request) => request.method !== 'GET');

describe('customer type page', () => {
  it('lists the types with their index', async () => {
    renderInApp(<CustomerTypePage />);
    expect(within(await rowOf('销外客户')).getByText('1')).toBeInTheDocument();
    expect(within(await rowOf('代理人')).getByText('2')).toBeInTheDocument();
  });

  it('adds a type through the dialog, asking for the name first', async () => {
    server.on('POST /api/customerType', (request) => {
      const { name } = request.body as { name: string };
      types = [...types, { id: 7, name, status: 1, kind: null }];
      return envelope(201, { id: 7 }, '新建成功');
    });
    renderInApp(<CustomerTypePage />);
    await rowOf('代理人');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: '新增客户类型' });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入类型名称')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('类型名称'), ' 海外经销商 ');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('新建成功')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ name: '海外经销商' });
    // The sixth row: after the three built-in types and the company's two.
    expect(within(await rowOf('海外经销商')).getByText('6')).toBeInTheDocument();
  });

  it('renames a type', async () => {
    server.on('PUT /api/customerType/2', (request) => {
      types = types.map((type) => (type.id === 2 ? { ...type, name: (request.body as { name: string }).name } : type));
      return envelope(200, null, '编辑成功');
    });
    renderInApp(<CustomerTypePage />);
    await userEvent.click(buttonIn(await rowOf('代理人'), /^修\s*改$/));
    const dialog = await screen.findByRole('dialog', { name: '修改客户类型' });
    const name = within(dialog).getByLabelText('类型名称');
    expect(name).toHaveValue('代理人');
    await userEvent.clear(name);
    await userEvent.type(name, '海外代理人');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('编辑成功')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ name: '海外代理人' });
    await rowOf('海外代理人');
  });

  it('keeps the dialog open with the server’s reason when the name is refused', async () => {
    server.on('POST /api/customerType', envelope(409, null, '客户类型已存在'));
    renderInApp(<CustomerTypePage />);
    await rowOf('代理人');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: '新增客户类型' });
    await userEvent.type(within(dialog).getByLabelText('类型名称'), '代理人');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('客户类型已存在');
    expect(within(dialog).getByLabelText('类型名称')).toHaveValue('代理人');
  });

  it('explains in a dialog why a type still in use cannot be deleted', async () => {
    server.on('DELETE /api/customerType/5', envelope(409, null, '该类型下还有客户，不能删除'));
    renderInApp(<CustomerTypePage />);
    await userEvent.click(buttonIn(await rowOf('国内卖家'), /^删\s*除$/));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    const [refusal] = await screen.findAllByText('无法删除该客户类型');
    expect(refusal?.closest('.ant-modal')).toHaveTextContent('该类型下还有客户，不能删除');
    await rowOf('国内卖家');
  });

  it('deletes an unused type after the confirmation', async () => {
    server.on('DELETE /api/customerType/6', () => {
      types = types.filter((type) => type.id !== 6);
      return { status: 204 };
    });
    renderInApp(<CustomerTypePage />);
    await userEvent.click(buttonIn(await rowOf('车商'), /^删\s*除$/));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('车商', { selector: 'td' })).not.toBeInTheDocument());
  });

  it('marks 销外客户, 代理人 and 供应商 as built in and offers no 删除 for them (the server refuses it)', async () => {
    renderInApp(<CustomerTypePage />);
    for (const [name, note] of [
      ['销外客户', '海外合同的客户（默认）'],
      ['代理人', '海外合同的代理人'],
      ['供应商', '采购合同的卖方'],
    ] as const) {
      const row = await rowOf(name);
      expect(within(row).getByText('系统内置')).toBeInTheDocument();
      expect(within(row).getByText(note)).toBeInTheDocument();
      expect(buttonIn(row, /^删\s*除$/)).toBeDisabled();
      expect(buttonIn(row, /^删\s*除$/)).toHaveAttribute('title', '系统内置的客户类型不能删除');
      // Renaming stays: the code finds a type by its kind, not its name.
      expect(buttonIn(row, /^修\s*改$/)).toBeEnabled();
    }
    const own = await rowOf('国内卖家');
    expect(within(own).queryByText('系统内置')).not.toBeInTheDocument();
    expect(buttonIn(own, /^删\s*除$/)).toBeEnabled();
  });
});
