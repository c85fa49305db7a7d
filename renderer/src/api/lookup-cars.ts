import { type CarLookupAnswer, vehicleEndpoints } from '../../../contract/vehicle';
import { call } from './call';
import type { RequestOptions } from './http-client';

/** The vehicles of a whole Excel import in one call (`POST /api/car/lookup`), keyed by normalised VIN. */
export const lookupCars = (vins: string[], options?: RequestOptions): Promise<CarLookupAnswer> =>
  call(vehicleEndpoints.lookup, { body: { vins } }, options);
