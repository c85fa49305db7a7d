import type { ConnectionState } from '../../../contract/desktop-api';
import { isHttpError, setApiBase } from '../api/http-client';
import { fetchSetupStatus } from '../features/auth/api/fetch-setup-status';
import { loadCurrentUser } from '../features/auth/session-user';
import { desktop } from '../platform/desktop';
import { useBootStore } from '../stores/boot';
import { clearSession, restoreToken } from '../stores/session';
import { loadSettings } from '../stores/settings';

/** How long the desktop app waits for its embedded server to report its address. */
const EMBEDDED_START_TIMEOUT_MS = 30_000;
const POLL_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded server reports its address once it listens: wait for it (the browser answers at once). */
async function waitForConnection(): Promise<ConnectionState> {
  const deadline = Date.now() + EMBEDDED_START_TIMEOUT_MS;
  let connection = await desktop.connection.get();
  while (desktop.kind === 'electron' && !connection.apiBase && !connection.error && Date.now() < deadline) {
    await sleep(POLL_MS);
    connection = await desktop.connection.get();
  }
  if (connection.error) throw new Error(connection.error);
  if (desktop.kind === 'electron' && !connection.apiBase)
    throw new Error('内置服务器启动超时，请重启应用或检查连接设置');
  return connection;
}

export interface BootResult {
  /** Shown once the shell is up: why a remembered session was not resumed. */
  notice?: string;
}

/**
 * The start of the app: interface settings, the server connection, the remembered token, whether the first
 * administrator must be created, and who is logged in. A stale token ends quietly on the login page rather
 * than in the 登录失败 dialog meant for sessions that end while working.
 */
export async function boot(): Promise<BootResult> {
  useBootStore.setState({ phase: 'starting', error: '' });
  try {
    await loadSettings();
    const connection = await waitForConnection();
    // '' is the browser's same origin, the client's default: only a desktop connection names a server.
    if (connection.apiBase) setApiBase(connection.apiBase);
    const token = await restoreToken();
    const { needs_setup: needsSetup } = await fetchSetupStatus();
    let notice: string | undefined;
    if (needsSetup) {
      if (token) await clearSession();
    } else if (token) {
      try {
        await loadCurrentUser();
      } catch (userError) {
        // A server that cannot be reached is a start failure; a refused token just means logging in again.
        if (isHttpError(userError) && (userError.kind === 'network' || userError.kind === 'timeout')) throw userError;
        await clearSession();
        notice = userError instanceof Error ? userError.message : undefined;
      }
    }
    useBootStore.setState({ phase: 'ready', needsSetup });
    return { notice };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    useBootStore.setState({ phase: 'failed', error: `无法连接服务器：${reason}` });
    return {};
  }
}
