/**
 * The 车架号 filter of every list: any part of a VIN (the server searches substrings), typed in the VIN
 * font so that 0/O and 1/I read apart, wide enough for all 17 characters at 1366 px. Sent as `vin`.
 */
import { Form, Input } from 'antd';
import { clearable } from './clearable';
import { VIN_FONT } from './vin-search-box';

export const VIN_FILTER_WIDTH = 220;

export function VinFilterField({ label = '车架号' }: { label?: string }) {
  return (
    <Form.Item label={label} name="vin">
      <Input
        placeholder="请输入车架号"
        allowClear={clearable}
        maxLength={17}
        style={{ width: VIN_FILTER_WIDTH }}
        styles={{ input: { fontFamily: VIN_FONT } }}
      />
    </Form.Item>
  );
}
