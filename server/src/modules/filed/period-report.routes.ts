import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportEndpoints as endpoints } from '../../../../contract/filed-period-report';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { exportReport, readReport } from './period-report.service';

/** The period report and the trade income and expense workbook (API.md: /api/order/report, …/export). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.read, async (request) => ok(await readReport(app.ctx, request.query)));
  route(app, endpoints.export, async (request) => ok(await exportReport(app.ctx, request.query)));
};
