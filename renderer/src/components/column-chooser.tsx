/**
 * ColumnChooser: the toolbar button that picks which columns a PagedTable shows. It only edits the list
 * of keys; the screen keeps it (and persists it in the settings' `columns[tableKey]`). At least one
 * column always stays, so a table can never be chosen blank.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { PagedTableColumn } from './paged-table';

export interface ColumnChooserProps<Row> {
  columns: readonly PagedTableColumn<Row>[];
  /** Chosen keys; absent means every column. */
  value: readonly string[] | undefined;
  onChange: (keys: string[]) => void;
  disabled?: boolean;
}

export const columnChooserTitle = <Row,>(column: PagedTableColumn<Row>): string =>
  column.chooserTitle ?? (typeof column.title === 'string' ? column.title : column.key);

export function ColumnChooser<Row>({ columns, value, onChange, disabled }: ColumnChooserProps<Row>) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const choosable = columns.filter((column) => !column.alwaysVisible);
  const allKeys = choosable.map((column) => column.key);
  const chosen = value ? allKeys.filter((key) => value.includes(key)) : allKeys;

  // Keep the columns' own order whatever order the clicks came in.
  const toggle = (key: string, checked: boolean) => {
    const next = checked ? [...chosen, key] : chosen.filter((k) => k !== key);
    onChange(allKeys.filter((k) => next.includes(k)));
  };

  // Escape closes the list and gives the focus back to the button.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    anchor.current?.querySelector('button')?.focus();
  };

  const content = (
    <div role="group" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <Space orientation="vertical" size={4}>
        {choosable.map((column) => {
          const checked = chosen.includes(column.key);
          return (
            <Checkbox
              key={column.key}
              checked={checked}
              // The last chosen column cannot go: a table without columns shows nothing at all.
              disabled={checked && chosen.length === 1}
              onChange={(event) => toggle(column.key, event.target.checked)}
            >
              {columnChooserTitle(column)}
            </Checkbox>
          );
        })}
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange(allKeys)}>
          显示全部列
        </Button>
      </Space>
    </div>
  );

  // The list is rendered right after the button (not at the end of the page), so Tab walks into it.
  return (
    <span ref={anchor} style={{ position: 'relative', display: 'inline-block' }}>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        getPopupContainer={() => anchor.current ?? document.body}
        title={<span id={headingId}>显示的列</span>}
        content={content}
      >
        <Button icon={<SettingOutlined />} disabled={disabled} aria-expanded={open}>
          列设置
        </Button>
      </Popover>
    </span>
  );
}
