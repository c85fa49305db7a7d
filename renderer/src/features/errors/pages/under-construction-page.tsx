import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';

/** Screens of later issues: a clear page that names the screen instead of a dead link. */
export function UnderConstructionPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <Result
      icon={<ToolOutlined />}
      title={`「${title}」建设中`}
      subTitle="该功能正在开发，将在后续版本中提供。"
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          返回首页
        </Button>
      }
    />
  );
}
