import { Button, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** 401 of spec part 1, section 2: back goes home when the page was opened with the no-go-back flag. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const back = () => (query.has('noGoBack') ? navigate('/dashboard', { replace: true }) : navigate(-1));
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您没有权限访问该页面。如需访问，请联系管理员。"
      extra={
        <Space>
          <Button type="primary" onClick={back}>
            返回
          </Button>
          <Button onClick={() => navigate('/dashboard')}>回到首页</Button>
        </Space>
      }
    />
  );
}
