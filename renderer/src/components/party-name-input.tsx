import { AutoComplete, Typography } from 'antd';
import type { CustomerOption } from '../../../contract/customer';

export interface PartyNameInputProps {
  /** Form.Item's value and onChange: the name as typed or picked. */
  value?: string;
  onChange?: (name: string) => void;
  /** The existing customers (or agents) offered as suggestions. */
  options: readonly CustomerOption[];
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

/**
 * A name that is either one of the existing customers (picked from the suggestions) or a new one typed in
 * full: the contract form's customer and agent fields (spec part 1, section 2).
 */
export function PartyNameInput({
  value,
  onChange,
  options,
  onPick,
  placeholder,
  disabled,
  id,
  maxLength = 100,
}: PartyNameInputProps) {
  const suggestions: PartyOption[] = options.map((customer) => ({
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
      showSearch={{
        filterOption: (input, option) => (option?.value ?? '').toLowerCase().includes(input.trim().toLowerCase()),
      }}
      style={{ width: '100%' }}
    />
  );
}
