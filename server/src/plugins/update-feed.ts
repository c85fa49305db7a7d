/**
 * The update feed (API.md `GET /updates/{file}`): the desktop installer, its `.blockmap` and `latest.yml`
 * from the folder UPDATES_DIR names, for `electron-updater`'s generic provider on PCs that reach the
 * office server but not the internet. Public (an installer holds no data of ours, and the updater asks
 * before anyone logs in); only files directly in that folder, found when asked, so that a new release
 * copied there is served without a restart. Without UPDATES_DIR there is no such route: 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markRoutesPublic } from './auth';

export const UPDATE_FEED_PREFIX = '/updates/';

export const registerUpdateFeed = async (app: FastifyInstance, updatesDir: string) => {
  await app.register(async (feed) => {
    markRoutesPublic(feed);
    await feed.register(fastifyStatic, {
      root: updatesDir,
      prefix: UPDATE_FEED_PREFIX,
      // The renderer's static files may be registered too: one `sendFile` decorator is enough.
      decorateReply: false,
      // Looked up per request (wildcard): the folder's content changes with each release.
      wildcard: true,
      index: false,
      list: false,
      dotfiles: 'deny',
      // The updater must always see the newest latest.yml; installers are named by version.
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'no-cache');
      },
    });
  });
};
