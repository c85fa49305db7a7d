/**
 * One vehicle's file (车辆档案, `GET /api/vehicle/{id}/file`): read by the vehicle file page and by the
 * add forms a link opens for one car (`?vehicle=<id>`: its VIN, its contracts). Shared, so that both use
 * one cache entry, kept under the vehicle's key: a save to that car makes its file and its history stale
 * together (`[...queryKeys.vehicle, id]`).
 */
import { queryOptions } from '@tanstack/react-query';
import { type VehicleFile, vehicleFileEndpoints } from '../../../contract/vehicle-file';
import { call } from './call';
import type { RequestOptions } from './http-client';
import { queryKeys } from './query-keys';

/** The vehicle file's page of a car. */
export const vehicleFilePath = (vehicleId: number): string => `/vehicle/${vehicleId}`;

/** Everything the renderer holds about one car: its file and its history. */
export const vehicleKey = (vehicleId: number) => [...queryKeys.vehicle, vehicleId] as const;

export const vehicleFileQueryKey = (vehicleId: number) => [...vehicleKey(vehicleId), 'file'] as const;

export const readVehicleFile = (vehicleId: number, options?: RequestOptions): Promise<VehicleFile> =>
  call(vehicleFileEndpoints.file, { params: { id: vehicleId } }, options);

export const vehicleFileQuery = (vehicleId: number, options?: RequestOptions) =>
  queryOptions({
    queryKey: vehicleFileQueryKey(vehicleId),
    queryFn: ({ signal }) => readVehicleFile(vehicleId, { ...options, signal }),
    // Records of the car are saved on other screens: opening the file again always asks.
    staleTime: 0,
  });
