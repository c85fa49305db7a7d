import { useCallback, useState } from 'react';
import { App, Button, Card, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Paged } from '../../../../../contract/common';
import { STAFF_STATUS, staffMessages, staffStatusLabel, type Staff } from '../../../../../contract/staff';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useSession } from '../../../stores/session';
import { deleteStaff } from '../api/delete-staff';
import { listStaff } from '../api/list-staff';
import { switchStaffStatus } from '../api/switch-staff-status';
import { StaffFormDrawer } from '../components/staff-form-drawer';

export const staffQueryKey = ['staff'] as const;

type DrawerState = { open: false } | { open: true; staff?: Staff };

export function StaffListPage() {
  const [page, setPage] = useState(1);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  const [busyId, setBusyId] = useState<number>();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const myId = useSession((state) => state.user?.id);

  const list = useQuery({
    queryKey: [...staffQueryKey, page],
    queryFn: () => listStaff(page),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: staffQueryKey }), [queryClient]);

  const toggle = async (staff: Staff) => {
    setBusyId(staff.id);
    try {
      const { status } = await switchStaffStatus(staff.id);
      // The row flips here at once (spec part 1, section 4); the list is not reloaded for it.
      queryClient.setQueryData<Paged<Staff>>([...staffQueryKey, page], (old) =>
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

  const columns: PagedTableColumn<Staff>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'username', title: '账号', dataIndex: 'username', width: 150 },
    { key: 'nickname', title: '员工姓名', dataIndex: 'nickname', width: 140 },
    { key: 'phone_number', title: '手机号', dataIndex: 'phone_number', width: 140 },
    {
      key: 'created_at',
      title: '创建时间',
      dataIndex: 'created_at',
      width: 180,
      render: (value: string) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''),
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
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 190,
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
          </Space>
        );
      },
    },
  ];

  return (
    <div className="page staff-page">
      <Card variant="borderless">
        <Space className="page-toolbar" wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true })}>
            新增员工
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
            刷新
          </Button>
        </Space>
        <PagedTable<Staff>
          label="员工列表"
          columns={columns}
          dataSource={list.data?.data}
          rowKey="id"
          total={list.data?.meta.total ?? 0}
          page={page}
          onPageChange={setPage}
          loading={list.isFetching && !list.data}
          emptyText={list.isError ? '员工列表加载失败，请点击“刷新”重试' : '暂无员工，点击“新增员工”添加'}
          scroll={{ x: 960 }}
        />
      </Card>
      <StaffFormDrawer
        open={drawer.open}
        staff={drawer.open ? drawer.staff : undefined}
        onClose={() => setDrawer({ open: false })}
        onSaved={() => {
          setDrawer({ open: false });
          void refresh();
        }}
      />
    </div>
  );
}
