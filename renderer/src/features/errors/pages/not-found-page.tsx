import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="standalone-screen">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在。请检查网址是否正确，或返回首页。"
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard', { replace: true })}>
            返回首页
          </Button>
        }
      />
    </main>
  );
}
