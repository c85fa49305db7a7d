import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setApiBase } from '../api/http-client';
import { useSession } from '../stores/session';
import { startScriptedApiServer, type ScriptedApiServer } from './scripted-api-server';

/** The session most screens are tested in: the administrator, logged in. */
export const loggedInAdmin = {
  token: 'live-token',
  user: { id: 1, nickname: '王', username: 'admin' },
  roles: ['admin'],
};

/**
 * The scripted API server of one test file: started before its first test and closed after its last; before
 * each test the request helper points at it, the requests it saw are forgotten and the administrator is
 * logged in (`loggedIn: false` for the screens seen before login). The file's own beforeEach runs after
 * this one, so it may script the answers or change the session.
 */
export function scriptedApiForEachTest(options: { loggedIn?: boolean } = {}): ScriptedApiServer {
  let live: ScriptedApiServer | undefined;
  const current = (): ScriptedApiServer => {
    if (!live) throw new Error('The scripted API server is used before beforeAll started it.');
    return live;
  };
  beforeAll(async () => {
    live = await startScriptedApiServer();
  });
  afterAll(() => live?.close());
  beforeEach(async () => {
    const server = current();
    setApiBase(server.base);
    await server.forget();
    useSession.setState(options.loggedIn === false ? { token: null, user: null, roles: [] } : loggedInAdmin);
  });
  return {
    get base() {
      return current().base;
    },
    get requests() {
      return current().requests;
    },
    forget: () => current().forget(),
    on: (route, handler) => current().on(route, handler),
    close: () => current().close(),
  };
}
