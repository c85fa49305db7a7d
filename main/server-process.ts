import { parseConfig } from '../server/src/config';
import { startServer } from '../server/src/main';
import { nodeIpcParentPort, runServerProcess } from './server-process-runner';

/**
 * Entry of the embedded server's Electron utility process (dist-electron/server-process.js). main prepared
 * the environment (embedded-server.ts); Node's IPC stands in for the parent port when run with plain Node.
 */
const parentPort = process.parentPort ?? nodeIpcParentPort(process);

void runServerProcess({
  parentPort,
  env: process.env,
  cwd: process.cwd(),
  parseConfig,
  startServer,
  exit: (code) => process.exit(code),
});
