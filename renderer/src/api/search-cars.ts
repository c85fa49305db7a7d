import { type CarSearchItem, type CarSearchStage, vehicleEndpoints } from '../../../contract/vehicle';
import { call } from './call';

/** The VIN search box's suggestions (`GET /api/car/search`); silent: a failed suggestion shows nothing. */
export const searchCars = (
  vin: string,
  stage: CarSearchStage | undefined,
  signal?: AbortSignal,
): Promise<CarSearchItem[]> =>
  call(vehicleEndpoints.search, { query: { vin, ...(stage ? { stage } : {}) } }, { silent: true, signal });
