import { useState } from 'react';
import { Avatar, Dropdown } from 'antd';
import { DownOutlined, HomeOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../app/routes';
import { ResetPasswordDialog } from '../features/auth/components/reset-password-dialog';
import { useLogout } from '../features/auth/hooks/use-logout';
import { useSession } from '../stores/session';

export function UserMenu() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const logout = useLogout();
  const [resetOpen, setResetOpen] = useState(false);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'home', icon: <HomeOutlined />, label: '首页' },
            { key: 'reset', icon: <KeyOutlined />, label: '修改密码' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'home') navigate(HOME_PATH);
            if (key === 'reset') setResetOpen(true);
            if (key === 'logout') void logout();
          },
        }}
      >
        <button type="button" className="user-menu-trigger" aria-label="用户菜单">
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: 'var(--ant-color-primary)' }} />
          <span className="user-menu-name">{user?.nickname ?? ''}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <ResetPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
