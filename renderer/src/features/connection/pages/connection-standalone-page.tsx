import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ConnectionPage } from './connection-page';

/** The connection screen before login (the server may be the very thing that is wrong). */
export function ConnectionStandalonePage() {
  const navigate = useNavigate();
  return (
    <main className="standalone-screen">
      <div className="standalone-content">
        <Button icon={<ArrowLeftOutlined />} type="link" onClick={() => navigate('/login')}>
          返回登录
        </Button>
        <ConnectionPage />
      </div>
    </main>
  );
}
