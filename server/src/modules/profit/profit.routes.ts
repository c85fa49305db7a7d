import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profitEndpoints as endpoints, profitMessages } from '../../../../contract/profit';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { forbidden } from '../../http-errors';
import { actorOf } from '../../plugins/auth';
import {
  exportProfitReport,
  getOrderProfit,
  listRates,
  readProfitReport,
  refreshProfits,
  saveRate,
} from './profit.service';

/** How often the kept figures are refreshed in the background. */
const PROFIT_REFRESH_INTERVAL_MS = 15 * 60_000;

/**
 * Profit (API.md "Beyond the seeds"): the book rates, a contract's profit and the profit report. Every
 * account is an administrator in this version (DOMAIN.md: the single role `admin`); a rate is kept by
 * an administrator only, as the other settings, and the role is checked so a later role without it is
 * refused.
 */
export const profitRoutes: FastifyPluginAsyncZod = async (app) => {
  // The report brings the kept figures up to date itself; this timed job does it ahead, at the start (the
  // upgrade marks every contract: 50,000 take about half a minute) and now and then, so that a report
  // rarely waits for more than the few contracts changed since.
  app.ctx.jobs.add({
    name: 'profit.refresh',
    intervalMs: PROFIT_REFRESH_INTERVAL_MS,
    runAtStart: true,
    run: () => refreshProfits(app.ctx.db, app.ctx.config.timeZone),
  });
  route(app, endpoints.rates, async () => ok(await listRates(app.ctx)));
  route(app, endpoints.rateSave, async (request) => {
    if (!request.user?.roles.includes('admin')) throw forbidden(profitMessages.adminOnly);
    return ok(await saveRate(app.ctx, request.params.month, request.body, actorOf(request)), profitMessages.saved);
  });
  route(app, endpoints.order, async (request) => ok(await getOrderProfit(app.ctx, request.params.id)));
  route(app, endpoints.report, async (request) => ok(await readProfitReport(app.ctx, request.query)));
  route(app, endpoints.reportExport, async (request) => ok(await exportProfitReport(app.ctx, request.query)));
};
