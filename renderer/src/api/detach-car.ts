import { vehicleEndpoints } from '../../../contract/vehicle';
import { call } from './call';
import type { RequestOptions } from './http-client';

/** Removes a saved car from its overseas (`order`) or purchase contract (`PUT /api/car/detach/{id}`). */
export const detachCar = async (id: number, side: 'order' | 'purchase', options?: RequestOptions): Promise<void> => {
  await call(vehicleEndpoints.detach, { params: { id }, body: { model: side } }, options);
};
