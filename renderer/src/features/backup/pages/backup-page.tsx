import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Progress, Space, Table, Tooltip, Typography } from 'antd';
import { CloudUploadOutlined, FolderOpenOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  backupKindLabel,
  backupMessages,
  type BackupEntry,
  type BackupRun,
  type BackupStatus,
} from '../../../../../contract/backup';
import { formatTime } from '../../../components/format-time';
import { desktop } from '../../../platform/desktop';
import {
  backupListQuery,
  backupProgress,
  backupQueryKey,
  backupStatusQuery,
  restoreBackup,
  startBackup,
  waitForRestart,
} from '../api/backup-api';

/** Bytes as a clerk reads them: 812 KB, 2.4 MB, 1.8 GB. */
export const formatSize = (bytes: number): string => {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
};

const POLL_MS = 500;

/** 立即备份 and its progress bar: the run is polled until it is done or failed. */
function useBackupRun(onEnd: (run: BackupRun) => void) {
  const [run, setRun] = useState<BackupRun | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (current: BackupRun) => {
    setRun(current);
    if (current.state !== 'running') {
      onEnd(current);
      return;
    }
    timer.current = setTimeout(() => {
      backupProgress(current.id).then(follow, () => follow(current));
    }, POLL_MS);
  };
  return { run, follow };
}

function StatusCard({ status, folderAction }: { status: BackupStatus; folderAction?: ReactNode }) {
  const success = status.lastSuccess;
  const failure = status.lastFailure;
  const failedLast = failure && (!success || failure.at > success.at);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {status.unavailable ? <Alert type="info" showIcon title={status.unavailable} /> : null}
      {failedLast ? (
        <Alert
          type="warning"
          showIcon
          title={`最近一次备份失败（${formatTime(failure.at)}）`}
          description={failure.reason}
        />
      ) : null}
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 160 } }}>
        <Descriptions.Item label="备份文件夹">
          <Space wrap>
            <Typography.Text copyable={status.folder ? { tooltips: ['复制', '已复制'] } : false}>
              {status.folder ?? '未设置'}
            </Typography.Text>
            {folderAction}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="最近一次成功备份">
          {success ? `${formatTime(success.at)}，${formatSize(success.size)}` : '还没有成功的备份'}
        </Descriptions.Item>
        {success ? <Descriptions.Item label="备份位置">{success.path}</Descriptions.Item> : null}
        <Descriptions.Item label="自动备份">
          每天在空闲时备份一次，升级前也会备份；保留最近 7 天每天一份和此前 4 周每周一份
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** 系统设置 → 数据备份 (issue 27): where backups go, the last one, 立即备份, and a restore. */
export function BackupPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery(backupStatusQuery());
  const list = useQuery(backupListQuery());
  const [restoring, setRestoring] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: backupQueryKey });
  const { run, follow } = useBackupRun((ended) => {
    if (ended.state === 'done') message.success('备份完成');
    void refresh();
  });

  // A run started before the page opened (the daily one, or from another tab) shows its progress too.
  const running = status.data?.running;
  useEffect(() => {
    if (running && !run) follow(running);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the status names a new run
  }, [running?.id]);

  const backupNow = async () => {
    try {
      follow(await startBackup());
    } catch {
      // The client's toast said why (PostgreSQL, no folder).
    }
  };

  const restore = (entry: BackupEntry) => {
    const { counts } = entry;
    modal.confirm({
      title: '恢复备份',
      width: 520,
      content: (
        <Space orientation="vertical">
          <span>
            将把全部数据恢复到 <strong>{formatTime(entry.at)}</strong> 的备份（合同 {counts.contracts} 份，车辆{' '}
            {counts.vehicles} 辆，文件 {counts.files} 个）。此后录入的内容将不再显示。
          </span>
          <span>当前数据不会删除：数据库另存到数据文件夹的 before-restore 文件夹中，已上传的文件保持不动。</span>
          <span>服务器将重新启动，恢复后可能需要重新登录。</span>
        </Space>
      ),
      okText: '恢复',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        setRestoring(true);
        try {
          await restoreBackup(entry.name);
          const back = await waitForRestart();
          if (back) message.success(`已恢复到 ${formatTime(entry.at)} 的备份`);
          else message.error('服务器没有按时重新启动，请稍后刷新页面');
          await queryClient.invalidateQueries();
        } catch {
          // The client's toast said why.
        } finally {
          setRestoring(false);
        }
      },
    });
  };

  // The desktop app with its embedded server chooses the folder here; elsewhere it is the server's own.
  const desktopFolder = useQuery({
    queryKey: [...backupQueryKey, 'desktop-folder'],
    queryFn: () => desktop.backup.folder(),
    enabled: desktop.kind === 'electron',
  });
  const [choosing, setChoosing] = useState(false);
  const chooseFolder = async () => {
    setChoosing(true);
    try {
      const chosen = await desktop.backup.chooseFolder();
      if (chosen) {
        message.success(`备份文件夹已改为 ${chosen}`);
        await refresh();
      }
    } catch (failure) {
      message.error(failure instanceof Error ? failure.message : '选择文件夹失败');
    } finally {
      setChoosing(false);
    }
  };
  const folderAction = desktopFolder.data ? (
    <Button size="small" icon={<FolderOpenOutlined />} loading={choosing} onClick={() => void chooseFolder()}>
      选择文件夹
    </Button>
  ) : undefined;

  const data = status.data;
  const busy = run?.state === 'running';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="数据备份" loading={status.isPending}>
        {data ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <StatusCard status={data} folderAction={folderAction} />
            <Space align="center" wrap>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                disabled={!data.available || restoring}
                loading={busy}
                onClick={() => void backupNow()}
              >
                立即备份
              </Button>
              {run ? (
                <div style={{ width: 360 }} aria-label="备份进度">
                  <Progress
                    percent={run.percent}
                    status={run.state === 'failed' ? 'exception' : run.state === 'done' ? 'success' : 'active'}
                    size="small"
                  />
                  <Typography.Text type={run.state === 'failed' ? 'danger' : 'secondary'}>
                    {run.state === 'failed' ? run.error : run.step}
                  </Typography.Text>
                </div>
              ) : null}
            </Space>
          </Space>
        ) : null}
      </Card>
      <Card title="可恢复的备份">
        {data && !data.restoreAllowed && data.available ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={backupMessages.restoreNotAllowed} />
        ) : null}
        <Table<BackupEntry>
          rowKey="name"
          size="middle"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无备份' }}
          columns={[
            { key: 'at', title: '备份时间', dataIndex: 'at', width: 180, render: (at: string) => formatTime(at) },
            {
              key: 'kind',
              title: '类型',
              dataIndex: 'kind',
              width: 100,
              render: (kind: BackupEntry['kind']) => backupKindLabel[kind],
            },
            { key: 'size', title: '大小', dataIndex: 'size', width: 110, render: (size: number) => formatSize(size) },
            { key: 'contracts', title: '合同', width: 90, render: (_: unknown, entry) => entry.counts.contracts },
            { key: 'vehicles', title: '车辆', width: 90, render: (_: unknown, entry) => entry.counts.vehicles },
            { key: 'files', title: '文件', width: 90, render: (_: unknown, entry) => entry.counts.files },
            {
              key: 'actions',
              title: '操作',
              width: 110,
              render: (_: unknown, entry) => (
                <Tooltip title={data?.restoreAllowed ? undefined : backupMessages.restoreNotAllowed}>
                  <Button
                    size="small"
                    icon={<RollbackOutlined />}
                    disabled={!data?.restoreAllowed || busy || restoring}
                    onClick={() => restore(entry)}
                  >
                    恢复
                  </Button>
                </Tooltip>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
