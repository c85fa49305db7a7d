import { useState } from 'react';
import { Alert, App, Button, Col, Form, Input, Row } from 'antd';
import { PHONE_PATTERN, sessionMessages, staffTextLimits } from '../../../../../contract/auth';
import { textTooLong } from '../../../../../contract/fields';
import { hashPassword } from '../../../api/password-hash';
import { isHttpError } from '../../../api/http-client';
import { markFieldErrors } from '../../../components/form-save';
import { setupCompleted } from '../../../stores/boot';
import { createAdmin } from '../api/create-admin';
import { passwordRules, usernameRules } from '../auth-rules';
import { AuthCard } from '../components/auth-card';

interface SetupValues {
  username: string;
  nickname: string;
  phone_number: string;
  password: string;
  confirm: string;
}

/** First start: no account exists, so the first one (the administrator) is created here. */
export function SetupPage() {
  const [form] = Form.useForm<SetupValues>();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const onFinish = async (values: SetupValues) => {
    setError('');
    setLoading(true);
    try {
      const username = values.username.trim();
      await createAdmin({
        username,
        nickname: values.nickname.trim(),
        phone_number: values.phone_number.trim(),
        password: hashPassword(values.password),
      });
      message.success('管理员创建成功，请登录');
      // The app leaves the setup page for the login page by itself once no setup is needed.
      setupCompleted(username);
    } catch (setupError) {
      if (isHttpError(setupError) && setupError.status === 409) {
        // Someone else finished the setup meanwhile: this account list is no longer empty.
        message.info(setupError.message);
        setupCompleted();
        return;
      }
      markFieldErrors(form, setupError);
      setError(setupError instanceof Error ? setupError.message : '创建失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title="二手车出口业务管理系统" subtitle="首次使用：创建管理员账号">
      <Form<SetupValues> form={form} name="setup" layout="vertical" onFinish={onFinish} requiredMark>
        {/* Two fields a row: the page and its 创建管理员 fit a 1366×768 screen, every message showing. */}
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="账号" name="username" rules={usernameRules}>
              <Input autoComplete="username" autoFocus maxLength={20} placeholder="3-20位字母、数字或下划线" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="姓名"
              name="nickname"
              rules={[
                { required: true, whitespace: true, message: sessionMessages.nicknameRequired },
                { max: staffTextLimits.nickname, message: textTooLong('员工姓名', staffTextLimits.nickname) },
              ]}
            >
              <Input autoComplete="name" maxLength={staffTextLimits.nickname} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="手机号"
          name="phone_number"
          rules={[
            { required: true, message: sessionMessages.phoneRequired },
            { pattern: PHONE_PATTERN, message: sessionMessages.phoneFormat },
          ]}
        >
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="密码" name="password" rules={passwordRules}>
              <Input.Password autoComplete="new-password" placeholder="6-32位字符" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="确认密码"
              name="confirm"
              dependencies={['password']}
              rules={[
                ...passwordRules,
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error('两次密码不一致')),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" placeholder="再次输入密码" />
            </Form.Item>
          </Col>
        </Row>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" block size="large" loading={loading}>
          创建管理员
        </Button>
      </Form>
    </AuthCard>
  );
}
