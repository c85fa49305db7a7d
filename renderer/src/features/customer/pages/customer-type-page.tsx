import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Space, Tag } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../../contract/common';
import { customerMessages, type CustomerType, type CustomerTypeKind } from '../../../../../contract/customer';
import { isHttpError } from '../../../api/http-client';
import type { FilterValues } from '../../../components/filter-bar';
import { ListScreen } from '../../../components/list-screen';
import type { PagedTableColumn } from '../../../components/paged-table';
import { useWholeList } from '../../../components/use-paged-list';
import { deleteCustomerType } from '../api/delete-customer-type';
import { CustomerTypeDialog } from '../components/customer-type-dialog';
import { customerTypesQueryKey, kindOfType } from '../../../api/customer-types';
import { customersQueryKey } from '../api/list-customers';
import { useCustomerTypes } from '../hooks/use-customer-types';

type DialogState = { open: false } | { open: true; type?: CustomerType };

/**
 * 销外客户, 代理人 and 供应商 are what the contract forms rely on (the default, the agent box, the
 * purchase form's sellers): the server refuses to delete them, so the page does not offer it.
 */
const isBuiltIn = (type: CustomerType) => kindOfType(type) !== null;

/** What each built-in type is for, as the forms use it. */
const KIND_NOTES: Record<CustomerTypeKind, string> = {
  customer: '海外合同的客户（默认）',
  agent: '海外合同的代理人',
  seller: '采购合同的卖方',
};

export function CustomerTypePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  // The types are few and come in one answer: the frame pages through them itself.
  const list = useWholeList(useCustomerTypes());

  // A renamed type shows in the customer list too.
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: customerTypesQueryKey });
    await queryClient.invalidateQueries({ queryKey: customersQueryKey });
  };

  const remove = (type: CustomerType) => {
    modal.confirm({
      title: '提示',
      content: customerMessages.typeDeleteConfirm(type.name),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteCustomerType(type.id);
          message.success(customerMessages.deleted);
          await refresh();
        } catch (deleteError) {
          // A type that customers still use is refused (409): say why in a dialog the clerk must read.
          modal.warning({
            title: '无法删除该客户类型',
            content: isHttpError(deleteError) ? deleteError.message : customerMessages.deleteFailed,
            okText: '知道了',
          });
        }
      },
    });
  };

  const columns: PagedTableColumn<CustomerType>[] = [
    {
      key: 'index',
      title: '序号',
      width: 80,
      render: (_: unknown, __: CustomerType, index: number) => (list.page - 1) * PAGE_SIZE + index + 1,
    },
    { key: 'name', title: '类型名称', dataIndex: 'name' },
    {
      key: 'kind',
      title: '说明',
      width: 280,
      render: (_: unknown, type: CustomerType) => {
        const kind = kindOfType(type);
        return kind === null ? null : (
          <Space size={8}>
            <Tag>系统内置</Tag>
            {KIND_NOTES[kind]}
          </Space>
        );
      },
    },
    {
      key: 'actions',
      title: '操作',
      alwaysVisible: true,
      width: 160,
      render: (_: unknown, type: CustomerType) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`修改客户类型 ${type.name}`}
            onClick={() => setDialog({ open: true, type })}
          >
            修改
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除客户类型 ${type.name}`}
            disabled={isBuiltIn(type)}
            title={isBuiltIn(type) ? customerMessages.typeBuiltIn : undefined}
            onClick={() => remove(type)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListScreen<CustomerType, FilterValues>
      className="customer-type-page"
      list={list}
      columns={columns}
      label="客户类型列表"
      toolbar={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
            新增
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
            刷新
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/custom/list')}>
            返回客户列表
          </Button>
        </>
      }
      emptyText={{ empty: '暂无客户类型，点击“新增”添加' }}
    >
      <CustomerTypeDialog
        open={dialog.open}
        type={dialog.open ? dialog.type : undefined}
        onClose={() => setDialog({ open: false })}
        onSaved={() => {
          setDialog({ open: false });
          void refresh();
        }}
      />
    </ListScreen>
  );
}
