import { AutoComplete, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CustomerOption, CustomerTypeKind } from '../../../contract/customer';
import { customerOptionsQuery } from '../api/customer-options';
import { useDebouncedValue } from './use-debounced-value';

export interface PartyNameInputProps {
  /** Form.Item's value and onChange: the name as typed or picked. */
  value?: string;
  onChange?: (name: string) => void;
  /**
   * Which customers are offered: `agent` (the overseas form's agent), `customer` (its customer: neither
   * agents nor sellers) or `seller` (the purchase form's 供应商).
   */
  kind: CustomerTypeKind;
  /** A suggestion was chosen: the screen takes its id and details. */
  onPick: (customer: CustomerOption) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  maxLength?: number;
}

interface PartyOption {
  key: number;
  value: string;
  label: React.ReactNode;
  customer: CustomerOption;
}

/** The server is asked once the clerk pauses this long. */
const SEARCH_PAUSE_MS = 300;

/**
 * A name that is either one of the existing customers (picked from the suggestions) or a new one typed in
 * full: the contract form's customer and agent fields (spec part 1, section 2). The suggestions are the
 * server's search for what is typed (at most 20, the closest first), not a list of every customer.
 */
export function PartyNameInput({
  value,
  onChange,
  kind,
  onPick,
  placeholder,
  disabled,
  id,
  maxLength = 100,
}: PartyNameInputProps) {
  const typed = useDebouncedValue((value ?? '').trim(), SEARCH_PAUSE_MS);
  const found = useQuery({ ...customerOptionsQuery(typed, kind), enabled: !disabled });
  const suggestions: PartyOption[] = (found.data ?? []).map((customer) => ({
    key: customer.id,
    value: customer.name,
    customer,
    label: (
      <span>
        {customer.name}
        {customer.country ? <Typography.Text type="secondary"> · {customer.country}</Typography.Text> : null}
      </span>
    ),
  }));
  return (
    <AutoComplete<string, PartyOption>
      id={id}
      value={value}
      disabled={disabled}
      options={suggestions}
      placeholder={placeholder}
      maxLength={maxLength}
      onChange={(text) => onChange?.(text ?? '')}
      onSelect={(_, option) => onPick(option.customer)}
      notFoundContent={found.isFetching ? '正在查找…' : null}
      style={{ width: '100%' }}
    />
  );
}
