import type { VehicleFile } from '../../../contract/vehicle-file';

/**
 * A vehicle file as `GET /api/vehicle/{id}/file` answers it, for the tests of the forms a file's link
 * opens (`?vehicle=<id>`): the car, its contracts, nothing recorded unless the test says so.
 */
export function vehicleFileAnswer(
  vehicle: Partial<VehicleFile['vehicle']> & Pick<VehicleFile['vehicle'], 'id' | 'vin'>,
  more: Partial<Omit<VehicleFile, 'vehicle'>> = {},
): VehicleFile {
  return {
    vehicle: {
      model: null,
      car_type: 1,
      flow: 'pickup',
      no_entry: false,
      entry: 0,
      plate: 0,
      release: 0,
      transfer: 0,
      exports: 0,
      drawback: 0,
      archive: 0,
      freight: 0,
      ...vehicle,
    },
    order: null,
    purchases: [],
    stages: [],
    documents: [],
    completeness: { present: 0, required: 0 },
    missing: [],
    deadlines: [],
    ...more,
  };
}
