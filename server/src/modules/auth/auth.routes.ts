import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, resetPasswordBody, sessionPaths, setupBody } from '../../../../contract/auth';
import { created, ok } from '../../envelope';
import { actorOf, authOf } from '../../plugins/auth';
import * as session from './auth.service';

/** Health, first-run setup, login, logout, the current user and their password (API.md, session). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { public: true };

  app.get(sessionPaths.health, { config: publicRoute }, async () => ok(await session.health(app.ctx)));

  app.get(sessionPaths.setup, { config: publicRoute }, async () => ok(await session.setupStatus(app.ctx)));

  app.post(sessionPaths.setup, { config: publicRoute, schema: { body: setupBody } }, async (request, reply) =>
    created(reply, await session.setup(app.ctx, request.body, actorOf(request)), '管理员账号已创建'),
  );

  app.post(sessionPaths.login, { config: publicRoute, schema: { body: loginBody } }, async (request) =>
    ok(await session.login(app.ctx, request.body, actorOf(request)), '登录成功'),
  );

  app.post(sessionPaths.logout, async (request) => {
    await session.logout(app.ctx, request.sessionId, actorOf(request));
    return ok(null, '已退出登录');
  });

  app.get(sessionPaths.userInfo, async (request) => ok(session.userInfo(request.user)));

  app.put(sessionPaths.resetPassword, { schema: { body: resetPasswordBody } }, async (request) => {
    await session.changePassword(app.ctx, authOf(request), request.body, actorOf(request));
    return ok(null);
  });
};
