/**
 * The 变更记录 of one record in a side drawer, for records shown as rows or cards (an employee, a release
 * slip, a deregistration record) where a page of its own has no room for a tab: `HistoryButton` is the
 * row's or card's link, `HistoryDrawer` the drawer it opens.
 */
import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { HistoryTarget } from '../api/history';
import { HistoryList } from './history-list';

export const HISTORY_TITLE = '变更记录';

export interface HistoryDrawerProps {
  /** Whose history; the drawer is closed when absent. */
  target: HistoryTarget | undefined;
  /** Names the record after 变更记录 (员工 张三). */
  subject?: string;
  onClose: () => void;
}

const targetKey = (target: HistoryTarget): string =>
  'vehicleId' in target ? `vehicle-${target.vehicleId}` : `${target.entity}-${target.id}`;

export function HistoryDrawer({ target, subject, onClose }: HistoryDrawerProps) {
  return (
    <Drawer
      title={subject ? `${HISTORY_TITLE}：${subject}` : HISTORY_TITLE}
      open={target !== undefined}
      onClose={onClose}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {/* A new record starts at its first page. */}
      {target && <HistoryList key={targetKey(target)} target={target} />}
    </Drawer>
  );
}

export interface HistoryButtonProps {
  target: HistoryTarget;
  subject?: string;
  /** The accessible name when the button's word alone would be ambiguous (变更记录 出库记录 #12). */
  label?: string;
}

/** A link-style 变更记录 that opens the record's history in a drawer. */
export function HistoryButton({ target, subject, label }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<HistoryOutlined />} aria-label={label} onClick={() => setOpen(true)}>
        {HISTORY_TITLE}
      </Button>
      <HistoryDrawer target={open ? target : undefined} subject={subject} onClose={() => setOpen(false)} />
    </>
  );
}
