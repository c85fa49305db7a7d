import { useState, type KeyboardEvent } from 'react';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined, WarningOutlined, ApiOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { hashPassword } from '../../../api/password-hash';
import { desktop } from '../../../platform/desktop';
import { useBootStore } from '../../../stores/boot';
import { clearSession, markMemoryTokenWarned, startSession, useSession } from '../../../stores/session';
import { login } from '../api/login';
import { passwordRules, usernameRules } from '../auth-rules';
import { loadCurrentUser } from '../session-user';
import { AuthCard } from '../components/auth-card';

interface LoginValues {
  username: string;
  password: string;
}

export interface LoginPageProps {
  /** Where a successful login goes (the redirect query and the other params, computed by the app). */
  targetFor: (search: string) => string;
}

export function LoginPage({ targetFor }: LoginPageProps) {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const { modal } = App.useApp();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [capsLock, setCapsLock] = useState(false);
  const rememberedUsername = useBootStore((state) => state.createdUsername);

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // getModifierState is absent on synthetic events some tests make; treat that as "off".
    setCapsLock(Boolean(event.getModifierState?.('CapsLock')));
  };

  const onFinish = async ({ username, password }: LoginValues) => {
    setError('');
    setLoading(true);
    try {
      const answer = await login({ username: username.trim(), password: hashPassword(password) });
      const stored = await startSession(answer.token, answer.user);
      try {
        await loadCurrentUser();
      } catch (userError) {
        await clearSession();
        throw userError;
      }
      if (stored.stored === 'memory' && !useSession.getState().memoryTokenWarned) {
        markMemoryTokenWarned();
        modal.warning({
          title: '登录凭据无法加密保存',
          content: `本机没有可用的加密存储（${stored.reason}），登录凭据只保存在内存中，退出应用后需要重新登录。`,
          okText: '知道了',
        });
      }
      navigate(targetFor(location.search), { replace: true });
    } catch (loginError) {
      setError(loginError instanceof Error ? loginError.message : '登录失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title="二手车出口业务管理系统" subtitle="账号登录">
      <Form<LoginValues>
        form={form}
        name="login"
        size="large"
        initialValues={{ username: rememberedUsername, password: '' }}
        onFinish={onFinish}
        onValuesChange={() => setError('')}
        autoComplete="on"
      >
        <Form.Item name="username" rules={usernameRules} validateTrigger="onBlur">
          <Input prefix={<UserOutlined />} placeholder="账号" aria-label="账号" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          rules={passwordRules}
          validateTrigger="onBlur"
          extra={
            capsLock ? (
              <Typography.Text type="warning" role="status">
                <WarningOutlined /> 大写锁定已打开
              </Typography.Text>
            ) : undefined
          }
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            aria-label="密码"
            autoComplete="current-password"
            onKeyUp={onPasswordKey}
            onKeyDown={onPasswordKey}
            onBlur={() => setCapsLock(false)}
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" block loading={loading}>
          登录
        </Button>
      </Form>
      {desktop.kind === 'electron' ? (
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to="/connection">
            <ApiOutlined /> 连接设置
          </Link>
        </div>
      ) : null}
    </AuthCard>
  );
}
