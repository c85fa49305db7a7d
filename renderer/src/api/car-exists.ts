import { vehicleEndpoints, type CarExistsAnswer, type CarExistsQueryInput } from '../../../contract/vehicle';
import { call } from './call';

/**
 * `GET /api/car/exists` (API.md): the vehicle of a VIN, and the other contract of the same side that
 * already holds it (`order_no` / `purchase_no`), leaving out the contract being edited (`id`). Silent on
 * every failure (the spec reads its 404 silently; the car-lines editor asks while the clerk types and must
 * not cover the form with toasts). Answers undefined when there is no such vehicle.
 */
export async function findCarByVin(
  query: CarExistsQueryInput,
  signal?: AbortSignal,
): Promise<CarExistsAnswer | undefined> {
  try {
    return await call(vehicleEndpoints.exists, { query }, { silent: true, signal });
  } catch {
    return undefined;
  }
}
