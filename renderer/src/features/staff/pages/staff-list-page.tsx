import { useCallback, useState } from 'react';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../../../contract/common';
import { STAFF_STATUS, staffMessages, staffStatusLabel, type Staff } from '../../../../../contract/staff';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { formatTime } from '../../../components/format-time';
import { HistoryDrawer } from '../../../components/history-drawer';
import { ListScreen } from '../../../components/list-screen';
import { usePagedList } from '../../../components/use-paged-list';
import { useSession } from '../../../stores/session';
import { deleteStaff } from '../api/delete-staff';
import { listStaffQuery, staffQueryKey } from '../api/list-staff';
import { switchStaffStatus } from '../api/switch-staff-status';
import { StaffFormDrawer } from '../components/staff-form-drawer';

type DrawerState = { open: false } | { open: true; staff?: Staff };

/** A staff member's columns (the 操作 column, which needs the page's state, is added there). */
const staffFields: FieldDescription<Staff>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
  { key: 'username', title: '账号', dataIndex: 'username', width: 150 },
  { key: 'nickname', title: '员工姓名', dataIndex: 'nickname', width: 140 },
  { key: 'phone_number', title: '手机号', dataIndex: 'phone_number', width: 140 },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 180,
    render: (value: string) => formatTime(value),
  },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (status: Staff['status']) => (
      <Tag color={status === STAFF_STATUS.enabled ? 'success' : 'default'}>{staffStatusLabel[status]}</Tag>
    ),
  },
];

export function StaffListPage() {
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  const [busyId, setBusyId] = useState<number>();
  const [historyOf, setHistoryOf] = useState<Staff>();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const myId = useSession((state) => state.user?.id);

  const list = usePagedList(listStaffQuery);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: staffQueryKey }), [queryClient]);

  const toggle = async (staff: Staff) => {
    setBusyId(staff.id);
    try {
      const { status } = await switchStaffStatus(staff.id);
      // The row flips here at once (spec part 1, section 4); the list is not reloaded for it.
      queryClient.setQueryData<Paged<Staff>>(listStaffQuery(list.filters, list.page).queryKey, (old) =>
        old ? { ...old, data: old.data.map((row) => (row.id === staff.id ? { ...row, status } : row)) } : old,
      );
      message.success(status === STAFF_STATUS.enabled ? '已启用' : '已禁用');
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusyId(undefined);
    }
  };

  const remove = (staff: Staff) => {
    modal.confirm({
      title: '提示',
      content: staffMessages.deleteConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteStaff(staff.id);
          message.success(staffMessages.deleted);
          await refresh();
        } catch {
          // The client has shown the server's message.
        }
      },
    });
  };

  // The staff list has no filters: its fields are columns only.
  const { columns } = listFields<Staff, FilterValues>([
    ...staffFields,
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 250,
      render: (_: unknown, staff: Staff) => {
        const self = staff.id === myId;
        const enabled = staff.status === STAFF_STATUS.enabled;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setDrawer({ open: true, staff })}>
              编辑
            </Button>
            <Tooltip title={self ? staffMessages.cannotDeleteSelf : undefined}>
              <Button type="link" size="small" danger disabled={self} onClick={() => remove(staff)}>
                删除
              </Button>
            </Tooltip>
            <Tooltip title={self ? staffMessages.cannotDisableSelf : undefined}>
              <Button
                type="link"
                size="small"
                disabled={self}
                loading={busyId === staff.id}
                aria-label={`${enabled ? '禁用' : '启用'}员工 ${staff.username}`}
                onClick={() => void toggle(staff)}
              >
                {enabled ? '禁用' : '启用'}
              </Button>
            </Tooltip>
            <Button
              type="link"
              size="small"
              aria-label={`员工 ${staff.username} 的变更记录`}
              onClick={() => setHistoryOf(staff)}
            >
              变更记录
            </Button>
          </Space>
        );
      },
    },
  ]);

  return (
    <ListScreen<Staff, FilterValues>
      className="staff-page"
      list={list}
      columns={columns}
      label="员工列表"
      toolbar={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true })}>
            新增员工
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
            刷新
          </Button>
        </>
      }
      emptyText={{ empty: '暂无员工，点击“新增员工”添加', failed: '员工列表加载失败，请点击“刷新”重试' }}
      table={{ scroll: { x: 960 } }}
    >
      <StaffFormDrawer
        open={drawer.open}
        staff={drawer.open ? drawer.staff : undefined}
        onClose={() => setDrawer({ open: false })}
        onSaved={() => {
          setDrawer({ open: false });
          void refresh();
        }}
      />
      <HistoryDrawer
        target={historyOf && { entity: 'user', id: historyOf.id }}
        subject={historyOf && `员工 ${historyOf.nickname}（${historyOf.username}）`}
        onClose={() => setHistoryOf(undefined)}
      />
    </ListScreen>
  );
}
