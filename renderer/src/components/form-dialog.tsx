import type { ReactNode } from 'react';
import { Button, Drawer, Modal, Space } from 'antd';

interface FormFrameProps {
  title: string;
  open: boolean;
  /** True while the save is under way: 确定 spins and cannot be pressed twice. */
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/*
 * The frames every form is shown in, so that they all behave alike: 确定 and 取消, nothing kept from one
 * opening to the next, and a click beside the frame does not close it (the clerk's typing would be lost).
 */

/** A form in a dialog (收款, 车架号更正, 客户类型…). */
export function FormDialog({
  title,
  open,
  saving,
  onSave,
  onCancel,
  children,
  width,
}: FormFrameProps & { width?: number }) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      onOk={onSave}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
      width={width}
    >
      {children}
    </Modal>
  );
}

/** A longer form in a side drawer (客户, 员工), its buttons at the foot. */
export function FormDrawer({
  title,
  open,
  saving,
  onSave,
  onCancel,
  children,
  width,
}: FormFrameProps & { width: number }) {
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onCancel}
      size={`min(${width}px, 100vw)`}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            确定
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
