/**
 * The 操作 column of a list: small link buttons that wrap under each other when the column is narrow,
 * each with an accessible name that says which record it acts on (the row's text alone does not).
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Space } from 'antd';

export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Space size={0} wrap>
      {children}
    </Space>
  );
}

export interface RowActionProps {
  /** The accessible name: the action and the record (`采购合同 CG-1 确认打款`). */
  label: string;
  onClick: () => void;
  /** Why the action is not possible now, shown on hover (the server would refuse it). */
  title?: string;
  disabled?: boolean;
  danger?: boolean;
  loading?: boolean;
  children: ReactNode;
}

export function RowAction({ label, onClick, title, disabled, danger, loading, children }: RowActionProps) {
  return (
    <Button
      type="link"
      size="small"
      aria-label={label}
      title={title}
      disabled={disabled}
      danger={danger}
      loading={loading}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export interface EditAndDetailActionsProps {
  /** What the record is called (合同, 采购合同): the names are `编辑合同 N` and `合同 N 详情`. */
  noun: string;
  /** The record's number as the clerk knows it. */
  number: string;
  editPath: string;
  infoPath: string;
}

/** 编辑 and 详情, the first two actions of every contract row. */
export function EditAndDetailActions({ noun, number, editPath, infoPath }: EditAndDetailActionsProps) {
  const navigate = useNavigate();
  return (
    <>
      <RowAction label={`编辑${noun} ${number}`} onClick={() => navigate(editPath)}>
        编辑
      </RowAction>
      <RowAction label={`${noun} ${number} 详情`} onClick={() => navigate(infoPath)}>
        详情
      </RowAction>
    </>
  );
}
