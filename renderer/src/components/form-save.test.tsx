import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { apiPost } from '../api/http-client';
import { renderInApp } from '../testing/render-app';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { FormFailure } from './form-failure';
import { useFormSave } from './form-save';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

interface ProbeValues {
  name: string;
  customer_name: string;
  cars: { vin: string }[];
  files: string[];
}

/** Stands for an upload slot: one field whose value is a list of stored paths. */
function FileList({ value = [] }: { value?: string[] }) {
  return <span>{value.length} 个文件</span>;
}

const postProbe = (values: ProbeValues) => apiPost('/api/probe', values, { silent: true });

/** A small form saved the way every dialog saves: a name, a customer shown by name, one car. */
function ProbeForm({
  onSaved,
  send = postProbe,
}: {
  onSaved: () => void;
  send?: (values: ProbeValues) => Promise<unknown>;
}) {
  const [form] = Form.useForm<ProbeValues>();
  const { saving, failure, forget, save } = useFormSave(form);
  const submit = async () => {
    const saved = await save(send, '操作失败');
    if (saved) onSaved();
  };
  return (
    <Form<ProbeValues> form={form} initialValues={{ cars: [{ vin: '' }], files: ['/storage/a.pdf', '/storage/b.pdf'] }}>
      <FormFailure text={failure} onClose={forget} />
      <Form.Item label="名称" name="name" rules={[{ required: true, message: '请输入名称' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="客户" name="customer_name">
        <Input />
      </Form.Item>
      <Form.List name="cars">
        {(fields) =>
          fields.map((field) => (
            <Form.Item key={field.key} label="车架号" name={[field.name, 'vin']}>
              <Input />
            </Form.Item>
          ))
        }
      </Form.List>
      <Form.Item label="合同文件" name="files">
        <FileList />
      </Form.Item>
      <button type="button" onClick={() => void submit()} disabled={saving}>
        保存
      </button>
    </Form>
  );
}

const fill = async (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);
const press = () => userEvent.click(screen.getByRole('button', { name: '保存' }));

describe('useFormSave', () => {
  it('sends nothing while a field is wrong', async () => {
    let saved = 0;
    renderInApp(<ProbeForm onSaved={() => (saved += 1)} />);
    await press();
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
    expect(saved).toBe(0);
  });

  it('sends the values and answers saved', async () => {
    server.on('POST /api/probe', envelope(201, { id: 1 }));
    let saved = 0;
    renderInApp(<ProbeForm onSaved={() => (saved += 1)} />);
    await fill('名称', '丰田');
    await press();
    await waitFor(() => expect(saved).toBe(1));
    expect(server.requests[0]?.body).toMatchObject({ name: '丰田', cars: [{ vin: '' }] });
  });

  it('on a 422, says why above the fields, marks the fields it names (nested ones too) and keeps the typing', async () => {
    server.on(
      'POST /api/probe',
      envelope(
        422,
        { errors: { name: ['名称已存在'], 'cars.0.vin': ['车架号格式不正确'], secret_field: ['看不见的字段'] } },
        '名称已存在',
      ),
    );
    let saved = 0;
    renderInApp(<ProbeForm onSaved={() => (saved += 1)} />);
    await fill('名称', '丰田');
    await fill('车架号', 'BAD');
    await press();
    // Once above the form and once under the field.
    await waitFor(() => expect(screen.getAllByText('名称已存在')).toHaveLength(2));
    expect(screen.getByText('车架号格式不正确')).toBeInTheDocument();
    // A field the form does not show is not invented.
    expect(screen.queryByText('看不见的字段')).not.toBeInTheDocument();
    expect(screen.getByLabelText('名称')).toHaveValue('丰田');
    expect(screen.getByLabelText('车架号')).toHaveValue('BAD');
    expect(saved).toBe(0);
  });

  it('a 422 naming one file of a list (files.1) is shown under the upload field that holds it', async () => {
    server.on(
      'POST /api/probe',
      envelope(
        422,
        { errors: { 'files.1': ['文件不存在，请重新上传'], 'files.0': ['文件不存在，请重新上传'] } },
        '文件不存在，请重新上传',
      ),
    );
    renderInApp(<ProbeForm onSaved={() => undefined} />);
    await fill('名称', '丰田');
    await press();
    // Once above the form and once (not twice) under the upload.
    await waitFor(() => expect(screen.getAllByText('文件不存在，请重新上传')).toHaveLength(2));
    const uploadItem = screen.getByText('2 个文件').closest('.ant-form-item');
    expect(uploadItem).toHaveTextContent('文件不存在，请重新上传');
  });

  it("shows the server's own reason; the clerk may close it, and the next try starts clean", async () => {
    server.on('POST /api/probe', envelope(409, null, '数据已被他人修改，请刷新后重试'));
    renderInApp(<ProbeForm onSaved={() => undefined} />);
    await fill('名称', '丰田');
    await press();
    expect(await screen.findByRole('alert')).toHaveTextContent('数据已被他人修改，请刷新后重试');
    await userEvent.click(screen.getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    server.on('POST /api/probe', envelope(201, { id: 1 }));
    await press();
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says the form's own fallback when the failure is not an answer of the server", async () => {
    const broken = () => Promise.reject(new TypeError('values.trim is not a function'));
    renderInApp(<ProbeForm onSaved={() => undefined} send={broken} />);
    await fill('名称', '丰田');
    await press();
    expect(await screen.findByRole('alert')).toHaveTextContent('操作失败');
    expect(screen.queryByText(/trim/)).not.toBeInTheDocument();
  });
});
