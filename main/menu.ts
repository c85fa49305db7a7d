import type { MenuItemConstructorOptions } from 'electron';

export interface MenuDeps {
  isDev: boolean;
  openLogFolder: () => void;
  openDataFolder: () => void;
}

/** A short Chinese menu: editing shortcuts, zoom, and where a clerk finds the log file for support. */
export function menuTemplate({ isDev, openLogFolder, openDataFolder }: MenuDeps): MenuItemConstructorOptions[] {
  return [
    {
      label: '文件',
      submenu: [
        { label: '打开数据文件夹', click: openDataFolder },
        { type: 'separator' },
        { label: '退出', role: 'quit' },
      ],
    },
    {
      label: '编辑',
      submenu: [
        { label: '撤销', role: 'undo' },
        { label: '重做', role: 'redo' },
        { type: 'separator' },
        { label: '剪切', role: 'cut' },
        { label: '复制', role: 'copy' },
        { label: '粘贴', role: 'paste' },
        { label: '全选', role: 'selectAll' },
      ],
    },
    {
      label: '视图',
      submenu: [
        { label: '重新加载', role: 'reload' },
        { label: '实际大小', role: 'resetZoom' },
        { label: '放大', role: 'zoomIn' },
        { label: '缩小', role: 'zoomOut' },
        { type: 'separator' },
        { label: '全屏', role: 'togglefullscreen' },
        ...(isDev ? [{ label: '开发者工具', role: 'toggleDevTools' } as const] : []),
      ],
    },
    {
      label: '帮助',
      submenu: [{ label: '打开日志文件夹', click: openLogFolder }],
    },
  ];
}
