/**
 * The vehicle file and a car's history (issue 23, point 4): on one connection, a filed car with its seven
 * records and 15 history events (seed-filing.ts). Goals: the file ≤ 10 ms, the history ≤ 5 ms.
 */
import { historyEndpoints } from '../../contract/history';
import { fillPath } from '../../contract/endpoint';
import { vehicleFileEndpoints } from '../../contract/vehicle-file';

interface Measurement {
  name: string;
  path: string;
}

export const singleVehicleMeasurements = (probe: { filedVehicleId: number }): Measurement[] => [
  { name: 'one-vehicle-file', path: fillPath(vehicleFileEndpoints.file.path, { id: probe.filedVehicleId }) },
  { name: 'one-vehicle-history', path: `${historyEndpoints.list.path}?vehicle_id=${probe.filedVehicleId}` },
];
