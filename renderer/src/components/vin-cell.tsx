import { useState } from 'react';
import { Link, useInRouterContext, useNavigate } from 'react-router-dom';
import { App, Typography } from 'antd';
import { vehicleFileMessages } from '../../../contract/vehicle-file';
import { findVehicleIdByVin } from '../api/vehicle-by-vin';
import { vehicleFilePath } from '../api/vehicle-file';
import { VIN_FONT } from './vin-search-box';

export interface VinCellProps {
  vin: string | null | undefined;
  /** The car's id where the row knows it: the VIN links straight to its file. */
  vehicleId?: number | null;
}

const vinStyle = { fontFamily: VIN_FONT, whiteSpace: 'nowrap' } as const;

/**
 * A VIN in a table or tag: monospace (0 and O, 1 and I stay apart), never broken over two lines, and
 * copied whole with one click on the icon beside it (a clerk pastes VINs into other systems all day).
 * A click on the VIN opens the car's file (车辆档案): straight away with `vehicleId`, else after finding
 * the car of exactly that VIN. Outside a router (a notification's text) it stays plain text.
 */
export function VinCell({ vin, vehicleId }: VinCellProps) {
  const routed = useInRouterContext();
  if (!vin) return null;
  return (
    <Typography.Text className="vin-cell" copyable={{ text: vin, tooltips: ['复制车架号', '已复制'] }} style={vinStyle}>
      {!routed ? (
        vin
      ) : vehicleId ? (
        <Link to={vehicleFilePath(vehicleId)} title="打开车辆档案" style={vinStyle}>
          {vin}
        </Link>
      ) : (
        <VinSearchLink vin={vin} />
      )}
    </Typography.Text>
  );
}

/** A VIN whose car is found when clicked (a row that does not carry the car's id). */
function VinSearchLink({ vin }: { vin: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [finding, setFinding] = useState(false);
  const open = () => {
    if (finding) return;
    setFinding(true);
    findVehicleIdByVin(vin)
      .then((id) => {
        if (id === undefined) void message.warning(vehicleFileMessages.notFound);
        else navigate(vehicleFilePath(id));
      })
      .catch(() => void message.error('车辆档案打开失败，请稍后再试'))
      .finally(() => setFinding(false));
  };
  return (
    // No address to put in an href before the car is found: a link by role, opened by click or Enter.
    <a
      role="link"
      tabIndex={0}
      title="打开车辆档案"
      aria-busy={finding || undefined}
      style={{ ...vinStyle, cursor: finding ? 'progress' : 'pointer' }}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open();
      }}
    >
      {vin}
    </a>
  );
}
