import { useState } from 'react';
import { Badge, Button, Modal, Table, Tooltip, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useErrorLog, type ErrorLogEntry } from '../stores/error-log';

/** Runtime errors of this session, for a clerk to read out or copy to support. Hidden while there are none. */
export function ErrorLogButton() {
  const entries = useErrorLog((state) => state.entries);
  const clear = useErrorLog((state) => state.clear);
  const [open, setOpen] = useState(false);
  if (entries.length === 0 && !open) return null;

  return (
    <>
      <Tooltip title="错误日志">
        <button
          type="button"
          className="nav-icon-button"
          aria-label={`错误日志（${entries.length} 条）`}
          onClick={() => setOpen(true)}
        >
          <Badge count={entries.length} size="small" offset={[4, -2]}>
            <BugOutlined style={{ color: '#f56c6c' }} />
          </Badge>
        </button>
      </Tooltip>
      <Modal
        title="错误日志"
        open={open}
        onCancel={() => setOpen(false)}
        width={880}
        footer={[
          <Button key="clear" danger onClick={() => clear()} disabled={entries.length === 0}>
            清空
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            关闭
          </Button>,
        ]}
      >
        <Table<ErrorLogEntry>
          rowKey="id"
          size="small"
          dataSource={entries}
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: '暂无错误日志' }}
          expandable={{
            rowExpandable: (entry) => Boolean(entry.stack),
            expandedRowRender: (entry) => (
              <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>
                {entry.stack}
              </Typography.Paragraph>
            ),
          }}
          columns={[
            { key: 'message', title: '错误信息', dataIndex: 'message' },
            { key: 'url', title: '页面', dataIndex: 'url', width: 200 },
            { key: 'time', title: '时间', dataIndex: 'time', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
}
