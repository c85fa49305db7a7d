import { fork } from 'node:child_process';
import type { ForkFn, UtilityProcessLike } from '../embedded-server';

/**
 * Electron's `utilityProcess.fork`, played by Node's `child_process.fork` (the binary is absent): the child
 * runs the real entry under tsx and talks over Node's IPC channel instead of the parent port.
 */
export function nodeFork(): ForkFn & { pids: number[] } {
  const pids: number[] = [];
  const forkFn = (
    modulePath: string,
    args: string[],
    options: { env: Record<string, string | undefined>; execArgv?: string[] },
  ) => {
    const child = fork(modulePath, args, {
      env: options.env,
      execArgv: [...(options.execArgv ?? []), '--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    if (child.pid) pids.push(child.pid);
    const proc: UtilityProcessLike = {
      stdout: child.stdout,
      stderr: child.stderr,
      on(event: 'message' | 'exit', listener: (value: never) => void) {
        if (event === 'exit') child.on('exit', (code) => (listener as (code: number) => void)(code ?? -1));
        else child.on('message', listener as (message: unknown) => void);
        return proc;
      },
      once(_event: 'exit', listener: (code: number) => void) {
        child.once('exit', (code) => listener(code ?? -1));
        return proc;
      },
      postMessage: (message) => void child.send(message),
      kill: () => child.kill(),
    };
    return proc;
  };
  return Object.assign(forkFn, { pids });
}
