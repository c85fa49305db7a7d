import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { sessionMessages } from '../../../../../contract/auth';
import { hashPassword } from '../../../api/password-hash';
import { markFieldErrors } from '../../../components/form-save';
import { resetPassword } from '../api/reset-password';
import { passwordRules } from '../auth-rules';
import { endSession } from '../hooks/use-logout';

interface ResetPasswordValues {
  password: string;
  new_password: string;
  new_password_confirmation: string;
}

/** The spec's pause before the forced re-login, so the clerk can read 操作成功. */
export const RELOGIN_DELAY_MS = 1000;

export function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ResetPasswordValues>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setError('');
    setSaving(true);
    try {
      await resetPassword({
        password: hashPassword(values.password),
        new_password: hashPassword(values.new_password),
        new_password_confirmation: hashPassword(values.new_password_confirmation),
      });
      message.success('操作成功');
      setTimeout(() => {
        void endSession().then(() => navigate('/login?redirect=dashboard', { replace: true }));
      }, RELOGIN_DELAY_MS);
    } catch (resetError) {
      markFieldErrors(form, resetError);
      setError(resetError instanceof Error ? resetError.message : '操作失败');
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onOk={submit}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        setError('');
        setSaving(false);
      }}
      mask={{ closable: false }}
    >
      <Form<ResetPasswordValues> form={form} name="reset-password" layout="vertical" preserve={false}>
        <Form.Item label="原密码" name="password" rules={passwordRules}>
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item label="新密码" name="new_password" rules={passwordRules}>
          <Input.Password autoComplete="new-password" placeholder="6-12位" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="new_password_confirmation"
          dependencies={['new_password']}
          rules={[
            ...passwordRules,
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(sessionMessages.passwordsDiffer)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
