import { Typography } from 'antd';
import { VIN_FONT } from './vin-search-box';

/**
 * A VIN in a table or tag: monospace (0 and O, 1 and I stay apart), never broken over two lines, and
 * copied whole with one click on the icon beside it (a clerk pastes VINs into other systems all day).
 */
export function VinCell({ vin }: { vin: string | null | undefined }) {
  if (!vin) return null;
  return (
    <Typography.Text
      className="vin-cell"
      copyable={{ text: vin, tooltips: ['复制车架号', '已复制'] }}
      style={{ fontFamily: VIN_FONT, whiteSpace: 'nowrap' }}
    >
      {vin}
    </Typography.Text>
  );
}
