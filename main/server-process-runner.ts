import { EMBEDDED_SECRET_ENV } from '../contract/embedded-lock';
import type { ServerProcessMessage } from './server-process-messages';

/** The part of Electron's `process.parentPort` (in a utility process) used here. */
export interface ParentPortLike {
  postMessage(message: ServerProcessMessage): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface ServerProcessDeps<Config> {
  parentPort: ParentPortLike;
  env: Record<string, string | undefined>;
  cwd: string;
  parseConfig: (env: Record<string, string | undefined>, cwd: string) => Config;
  startServer: (config: Config, options: object, hooks: { onUpgradeStart: () => void }) => Promise<RunningServer>;
  exit: (code: number) => void;
}

/**
 * The embedded server's life inside its utility process: start from the environment main prepared, tell
 * main the URL (or why it failed), and close cleanly when main says stop.
 */
export async function runServerProcess<Config>(deps: ServerProcessDeps<Config>): Promise<RunningServer | null> {
  let server: RunningServer;
  try {
    const config = deps.parseConfig(deps.env, deps.cwd);
    // Read once into the config: nothing this process later starts or prints inherits the secret.
    delete deps.env[EMBEDDED_SECRET_ENV];
    server = await deps.startServer(
      config,
      // A restore from 数据备份 is applied at the next start: main stops this process and starts another.
      { restart: () => deps.parentPort.postMessage({ type: 'restart' }) },
      // Main's start timeout is meant for a start, not for copying and upgrading a large database.
      { onUpgradeStart: () => deps.parentPort.postMessage({ type: 'upgrading' }) },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.parentPort.postMessage({ type: 'failed', message });
    deps.exit(1);
    return null;
  }
  deps.parentPort.on('message', (event) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type !== 'stop') return;
    server.close().then(
      () => deps.exit(0),
      () => deps.exit(1),
    );
  });
  deps.parentPort.postMessage({ type: 'ready', url: server.url });
  return server;
}

/** Node's IPC channel (a `child_process.fork`) shaped like Electron's parent port: for running outside Electron. */
export function nodeIpcParentPort(proc: NodeJS.Process): ParentPortLike {
  return {
    postMessage: (message) => void proc.send?.(message),
    on: (_event, listener) => proc.on('message', (data: unknown) => listener({ data })),
  };
}
