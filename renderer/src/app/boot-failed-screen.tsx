import { Button, Result, Space } from 'antd';

export interface BootFailedScreenProps {
  error: string;
  onRetry: () => void;
  onOpenConnection: () => void;
}

/** The app could not reach its server: retry, or fix the connection. */
export function BootFailedScreen({ error, onRetry, onOpenConnection }: BootFailedScreenProps) {
  return (
    <main className="standalone-screen">
      <Result
        status="warning"
        title="无法启动"
        subTitle={error}
        extra={
          <Space>
            <Button type="primary" onClick={onRetry}>
              重试
            </Button>
            <Button onClick={onOpenConnection}>连接设置</Button>
          </Space>
        }
      />
    </main>
  );
}
