import { useEffect } from 'react';
import { Button, Result, Space } from 'antd';
import { useNavigate, useRouteError } from 'react-router-dom';
import { useErrorLog } from '../../../stores/error-log';

/** A screen that failed to load its code is most often an app updated under the open window. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);

/** What a screen that crashed shows; the error goes to the error log dialog. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const addError = useErrorLog((state) => state.add);
  useEffect(() => {
    addError(error);
  }, [error, addError]);
  const chunk = isChunkLoadError(error);
  return (
    <Result
      status="error"
      title={chunk ? '页面加载失败' : '页面出错了'}
      subTitle={
        chunk
          ? '可能是网络中断或应用已更新，请刷新页面后重试。'
          : '该页面遇到了程序错误，错误已记录到错误日志。请刷新页面后重试。'
      }
      extra={
        <Space>
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
          <Button onClick={() => navigate('/dashboard')}>返回首页</Button>
        </Space>
      }
    />
  );
}
