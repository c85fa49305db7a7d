/**
 * The columns of the car-lines table, one antd `Form.Item` per cell of a `Form.List` row: 序号, 车架号 (with
 * the row's hidden id), 车型车系, 价格, 服务费, 其他费用 and, while the list is open, 删除. The rules of each
 * cell say the same as the server's (contract/), in the side's own words.
 */
import type { ChangeEvent } from 'react';
import { Button, Form, Input, type FormListFieldData, type FormRule, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { moneyLabels, orderTextLimits } from '../../../contract/overseas-messages';
import { carLinesMessages, priceLabel, priceRequiredMessages } from './car-lines-messages';
import type { CarLinesSide, CarPriceField } from './car-lines-model';
import { MoneyInput, moneyRules } from './money-input';
import { normalizeTypedVin } from './vin';
import { VIN_FONT } from './vin-search-box';

export interface CarLineColumnsOptions {
  priceField: CarPriceField;
  side: CarLinesSide;
  disabled: boolean;
  /** The list is closed: VINs are read-only and no row can be deleted. */
  closed: boolean;
  vinRules: FormRule[];
  /** Each keystroke in a row's VIN box, by the row's stable key (the live lookup waits for a pause). */
  onVinTyped(rowKey: number, typed: string): void;
  onRemove(index: number): void;
}

export function carLineColumns({
  priceField,
  side,
  disabled,
  closed,
  vinRules,
  onVinTyped,
  onRemove,
}: CarLineColumnsOptions): TableColumnsType<FormListFieldData> {
  // Only the purchase form requires the service fee (请输入服务费); the overseas form's may stay empty.
  const purchase = priceField === 'price';
  return [
    { title: '序号', key: 'number', width: 56, render: (_, field) => field.name + 1 },
    {
      title: '车架号',
      key: 'vin',
      width: 220,
      render: (_, field) => (
        <>
          <Form.Item name={[field.name, 'id']} hidden>
            <Input />
          </Form.Item>
          <Form.Item
            name={[field.name, 'vin']}
            rules={vinRules}
            normalize={(value: string) => normalizeTypedVin(value ?? '')}
            style={{ marginBottom: 0 }}
          >
            <Input
              aria-label={`第${field.name + 1}行 车架号`}
              data-car-row={field.name}
              data-car-field="vin"
              style={{ fontFamily: VIN_FONT }}
              autoComplete="off"
              spellCheck={false}
              disabled={disabled}
              readOnly={closed}
              onChange={(event: ChangeEvent<HTMLInputElement>) => onVinTyped(field.key, event.target.value)}
            />
          </Form.Item>
        </>
      ),
    },
    {
      title: '车型车系',
      key: 'model',
      render: (_, field) => (
        <Form.Item
          name={[field.name, 'model']}
          rules={[
            { required: true, whitespace: true, message: carLinesMessages.modelRequired },
            { max: orderTextLimits.model, message: carLinesMessages.modelTooLong },
          ]}
          style={{ marginBottom: 0 }}
        >
          <Input aria-label={`第${field.name + 1}行 车型车系`} disabled={disabled} maxLength={orderTextLimits.model} />
        </Form.Item>
      ),
    },
    {
      title: '价格',
      key: 'price',
      width: 150,
      render: (_, field) => (
        <Form.Item
          name={[field.name, priceField]}
          rules={moneyRules({ label: priceLabel(priceField), required: priceRequiredMessages[side] })}
          style={{ marginBottom: 0 }}
        >
          <MoneyInput aria-label={`第${field.name + 1}行 价格`} disabled={disabled} />
        </Form.Item>
      ),
    },
    {
      title: '服务费',
      key: 'invoice',
      width: 120,
      render: (_, field) => (
        <Form.Item
          name={[field.name, 'invoice']}
          rules={moneyRules({
            label: moneyLabels.invoice,
            allowZero: true,
            required: purchase ? carLinesMessages.invoiceRequired : undefined,
          })}
          style={{ marginBottom: 0 }}
        >
          <MoneyInput aria-label={`第${field.name + 1}行 服务费`} disabled={disabled} />
        </Form.Item>
      ),
    },
    {
      title: '其他费用',
      key: 'other',
      width: 120,
      render: (_, field) => (
        <Form.Item
          name={[field.name, 'other']}
          rules={moneyRules({ label: moneyLabels.other, allowZero: true })}
          style={{ marginBottom: 0 }}
        >
          <MoneyInput aria-label={`第${field.name + 1}行 其他费用`} disabled={disabled} />
        </Form.Item>
      ),
    },
    ...(closed
      ? []
      : [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, field: FormListFieldData) => (
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除第${field.name + 1}行`}
                disabled={disabled}
                onClick={() => onRemove(field.name)}
              >
                {carLinesMessages.remove}
              </Button>
            ),
          },
        ]),
  ];
}
