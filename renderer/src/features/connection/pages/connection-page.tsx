import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Radio, Space, Typography } from 'antd';
import { ApiOutlined, SaveOutlined } from '@ant-design/icons';
import type { ConnectionState, ServerMode } from '../../../../../contract/desktop-api';
import { serverUrlSchema } from '../../../../../contract/desktop-schemas';
import { setApiBase } from '../../../api/http-client';
import { desktop } from '../../../platform/desktop';

interface ConnectionValues {
  mode: ServerMode;
  officeUrl: string;
}

const modeLabel: Record<ServerMode, string> = { embedded: '本机内置服务器', office: '办公室服务器' };

/** Browser build: there is nothing to choose, the page that served the app is the server. */
function BrowserConnection() {
  const { message } = App.useApp();
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    const result = await desktop.connection.test(window.location.origin);
    setTesting(false);
    if (result.ok) message.success(result.message);
    else message.error(result.message);
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="浏览器版本始终使用提供本页面的服务器"
        description={`当前服务器：${window.location.origin}。如需切换到其他服务器，请在浏览器中打开该服务器的地址，或在桌面应用中设置连接。`}
      />
      <Button icon={<ApiOutlined />} loading={testing} onClick={() => void test()}>
        测试连接
      </Button>
    </Space>
  );
}

function DesktopConnection() {
  const [form] = Form.useForm<ConnectionValues>();
  const { message } = App.useApp();
  const [state, setState] = useState<ConnectionState>();
  const [testing, setTesting] = useState(false);
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form);

  useEffect(() => {
    void desktop.connection.get().then((current) => {
      setState(current);
      form.setFieldsValue({ mode: current.mode, officeUrl: current.officeUrl });
    });
  }, [form]);

  const officeUrlRule = {
    validator: async (_: unknown, value: string) => {
      if (form.getFieldValue('mode') !== 'office') return;
      const parsed = serverUrlSchema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '服务器地址不正确');
    },
  };

  const test = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const url = values.mode === 'office' ? serverUrlSchema.parse(values.officeUrl) : (state?.apiBase ?? '');
    if (!url) {
      message.warning('内置服务器尚未启动');
      return;
    }
    setTesting(true);
    const result = await desktop.connection.test(url);
    setTesting(false);
    if (result.ok) message.success(result.message);
    else message.error(result.message);
  };

  /**
   * Embedded mode still remembers the office address for the day the clerk switches back. Its field is hidden
   * then, so validateFields leaves it out: read it from the form, and keep the saved one if what is typed is
   * not an address.
   */
  const keptOfficeUrl = (): string => {
    const typed = serverUrlSchema.safeParse(form.getFieldValue('officeUrl') ?? '');
    return typed.success ? typed.data : (state?.officeUrl ?? '');
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const next = await desktop.connection.set({
        mode: values.mode,
        officeUrl: values.mode === 'office' ? serverUrlSchema.parse(values.officeUrl) : keptOfficeUrl(),
      });
      setState(next);
      setApiBase(next.apiBase);
      if (next.error) message.error(next.error);
      else message.success('连接设置已保存');
    } catch (saveError) {
      message.error(saveError instanceof Error ? saveError.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {state?.error ? <Alert type="error" showIcon title="服务器启动失败" description={state.error} /> : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="当前连接">{state ? modeLabel[state.mode] : '读取中…'}</Descriptions.Item>
        <Descriptions.Item label="服务器地址">{state?.apiBase || '启动中…'}</Descriptions.Item>
      </Descriptions>
      <Form<ConnectionValues> form={form} layout="vertical" name="connection" initialValues={{ mode: 'embedded' }}>
        <Form.Item label="连接方式" name="mode">
          <Radio.Group>
            <Radio value="embedded">{modeLabel.embedded}（单机使用，数据保存在本机）</Radio>
            <Radio value="office">{modeLabel.office}（多人共用一台服务器）</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'office' ? (
          <Form.Item label="服务器地址" name="officeUrl" rules={[officeUrlRule]} extra="例如 https://10.0.0.5:8787">
            <Input placeholder="https://10.0.0.5:8787" autoComplete="url" />
          </Form.Item>
        ) : null}
        <Space>
          <Button icon={<ApiOutlined />} loading={testing} onClick={() => void test()}>
            测试连接
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      </Form>
    </Space>
  );
}

/** 连接设置: which server the desktop app talks to. Reachable before login too (/connection). */
export function ConnectionPage() {
  return (
    <div className="page connection-page">
      <Card variant="borderless" title="连接设置">
        {desktop.kind === 'electron' ? <DesktopConnection /> : <BrowserConnection />}
        <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0 }}>
          内置服务器：应用自带的服务器，只供本机使用。办公室服务器：公司内一台电脑运行的共用服务器，所有同事连接同一个地址。
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
