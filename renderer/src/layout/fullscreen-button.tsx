import { useEffect, useState } from 'react';
import { App, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export function FullscreenButton() {
  const { message } = App.useApp();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      message.warning('您的浏览器不支持全屏');
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      message.warning('无法切换全屏');
    }
  };

  const label = full ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <button type="button" className="nav-icon-button" aria-label={label} onClick={() => void toggle()}>
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
