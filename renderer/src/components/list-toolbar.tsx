/**
 * The buttons of a list's toolbar that every business list has, with the same words and icons: 新建业务
 * first, the exports, 刷新 last (`ListScreen`'s `toolbar`).
 */
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { FileExcelOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ExportButton } from './export-button';

export function AddButton({ onClick, children = '新建业务' }: { onClick: () => void; children?: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}

export interface ExcelExportButtonProps {
  label?: string;
  request: () => Promise<{ download_url: string }>;
  /** The file's name before the day it was made (海外合同 → 海外合同-20261124.xlsx). */
  fileBase: string;
}

/** An export of the list as filtered, saved under its name and today's date. */
export function ExcelExportButton({ label = '导出Excel', request, fileBase }: ExcelExportButtonProps) {
  return (
    <ExportButton
      label={label}
      icon={<FileExcelOutlined />}
      request={request}
      fileName={`${fileBase}-${dayjs().format('YYYYMMDD')}.xlsx`}
    />
  );
}

/** 刷新: loads the page shown again (the filters and page stay). */
export function RefreshButton({ list }: { list: { fetching: boolean; refetch: () => void } }) {
  return (
    <Button icon={<ReloadOutlined />} loading={list.fetching} onClick={list.refetch}>
      刷新
    </Button>
  );
}
