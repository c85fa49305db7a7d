/**
 * The overseas contract an export declaration is bound to, picked by its number: the clerk types part
 * of it, and 500 ms after the typing stops (spec part 2, section 7) the server's newest matching
 * contracts are offered with their customers. Locked (`disabled`) when editing: a declaration keeps its
 * contract (the server refuses a change).
 *
 * Form-compatible: `value` / `onChange` are the contract's id; `onPick` also gives its number and customer.
 */
import { useState } from 'react';
import { Select, Typography } from 'antd';
import type { OrderSearchItem } from '../../../../../contract/overseas';
import { clearable } from '../../../components/clearable';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useExportContracts } from '../api/exports-choices';

/** The spec's delay before the contract search asks the server. */
export const CONTRACT_SEARCH_DELAY_MS = 500;

export interface ExportsContractPickerProps {
  value?: number;
  onChange?: (orderId: number | undefined) => void;
  /** The chosen contract's number and customer (to show it before any search, e.g. on an edit). */
  picked?: OrderSearchItem;
  onPick?: (contract: OrderSearchItem | undefined) => void;
  disabled?: boolean;
  id?: string;
}

function ContractOption({ contract }: { contract: OrderSearchItem }) {
  return (
    <span style={{ display: 'flex', gap: 12, justifyContent: 'space-between' }}>
      <span className="exports-contract-no">{contract.order_no}</span>
      <Typography.Text type="secondary" ellipsis>
        {contract.customer_name}
      </Typography.Text>
    </span>
  );
}

export function ExportsContractPicker({ value, onChange, picked, onPick, disabled, id }: ExportsContractPickerProps) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const orderNo = useDebouncedValue(typed.trim(), CONTRACT_SEARCH_DELAY_MS);
  const found = useExportContracts(orderNo, open && !disabled);
  const contracts = found.data ?? [];
  // The chosen contract stays named whatever the last search found.
  const listed =
    picked && !contracts.some((contract) => contract.id === picked.id) ? [picked, ...contracts] : contracts;
  const waiting = found.isFetching || typed.trim() !== orderNo;

  return (
    <Select<number>
      id={id}
      className="exports-contract-picker"
      value={value}
      disabled={disabled}
      allowClear={clearable}
      placeholder="请输入海外合同号搜索"
      showSearch={{ filterOption: false, onSearch: setTyped, autoClearSearchValue: true }}
      onOpenChange={setOpen}
      loading={waiting && open}
      notFoundContent={waiting ? '正在查找海外合同…' : '没有匹配的海外合同'}
      options={listed.map((contract) => ({
        value: contract.id,
        label: contract.order_no,
        title: `${contract.order_no} ${contract.customer_name}`,
        contract,
      }))}
      optionRender={(option) => <ContractOption contract={option.data.contract} />}
      onChange={(orderId) => {
        onChange?.(orderId);
        onPick?.(listed.find((contract) => contract.id === orderId));
        setTyped('');
      }}
      // Wide enough for the number and the customer's name side by side.
      popupMatchSelectWidth={400}
      style={{ width: '100%' }}
    />
  );
}
