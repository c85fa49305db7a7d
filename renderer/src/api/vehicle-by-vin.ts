import { searchEndpoints } from '../../../contract/search';
import { call } from './call';

/**
 * The id of the car with exactly this VIN, through the one search (`GET /api/search?q=<VIN>&limit=1`):
 * a whole VIN is contained in no other. Undefined when there is none. Silent: the caller says it.
 */
export async function findVehicleIdByVin(vin: string, signal?: AbortSignal): Promise<number | undefined> {
  const wanted = vin.trim().toUpperCase();
  const answer = await call(searchEndpoints.search, { query: { q: wanted, limit: 1 } }, { silent: true, signal });
  return answer.vehicles.find((vehicle) => vehicle.vin.toUpperCase() === wanted)?.id;
}
