import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vehicleFileEndpoints as endpoints } from '../../../../contract/vehicle-file';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { readVehicleFile } from './vehicle-file.service';

/** The vehicle file (车辆档案): `GET /api/vehicle/{id}/file`. */
export const vehicleFileRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.file, async (request) => ok(await readVehicleFile(app.ctx, request.params.id)));
};
