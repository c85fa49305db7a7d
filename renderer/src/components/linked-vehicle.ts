/**
 * The car an add form was opened for (`?vehicle=<id>`, the vehicle file's 新增… buttons): its VIN and its
 * contracts, read from the vehicle file, so the form starts with that car chosen. Undefined while there
 * is no such parameter, and while the file loads.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { VehicleFile } from '../../../contract/vehicle-file';
import { vehicleFileQuery } from '../api/vehicle-file';

export interface LinkedVehicle {
  id: number;
  vin: string;
  model: string | null;
  order: VehicleFile['order'];
  /** The car's purchase contract (the first, as a car has one today), or null before purchase. */
  purchase: VehicleFile['purchases'][number] | null;
}

/** The id of `?vehicle=`, when it is a whole number above 0. */
export const linkedVehicleId = (search: URLSearchParams): number | undefined => {
  const text = search.get('vehicle');
  if (text === null || !/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  return Number(text);
};

export function useLinkedVehicle(enabled = true): { id: number | undefined; vehicle: LinkedVehicle | undefined } {
  const [search] = useSearchParams();
  const id = enabled ? linkedVehicleId(search) : undefined;
  // Silent: a car that cannot be read leaves the form as it would be without the link.
  const file = useQuery({ ...vehicleFileQuery(id ?? 0, { silent: true }), enabled: id !== undefined });
  const data = id !== undefined ? file.data : undefined;
  return {
    id,
    vehicle: data
      ? {
          id: data.vehicle.id,
          vin: data.vehicle.vin,
          model: data.vehicle.model,
          order: data.order,
          purchase: data.purchases[0] ?? null,
        }
      : undefined,
  };
}
