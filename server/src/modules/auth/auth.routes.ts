import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as endpoints } from '../../../../contract/auth';
import { route } from '../../endpoint-route';
import { created, ok } from '../../envelope';
import { actorOf, authOf } from '../../plugins/auth';
import * as session from './auth.service';

/** Health, first-run setup, login, logout, the current user and their password (API.md, session). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { config: { public: true } };

  route(app, endpoints.health, async () => ok(await session.health(app.ctx)), publicRoute);

  route(app, endpoints.setupStatus, async () => ok(await session.setupStatus(app.ctx)), publicRoute);

  route(
    app,
    endpoints.setup,
    async (request, reply) =>
      created(reply, await session.setup(app.ctx, request.body, actorOf(request)), '管理员账号已创建'),
    publicRoute,
  );

  route(
    app,
    endpoints.login,
    async (request) => ok(await session.login(app.ctx, request.body, actorOf(request)), '登录成功'),
    publicRoute,
  );

  route(app, endpoints.logout, async (request) => {
    await session.logout(app.ctx, request.sessionId, actorOf(request));
    return ok(null, '已退出登录');
  });

  route(app, endpoints.userInfo, async (request) => ok(session.userInfo(request.user)));

  route(app, endpoints.resetPassword, async (request) => {
    await session.changePassword(app.ctx, authOf(request), request.body, actorOf(request));
    return ok(null);
  });
};
