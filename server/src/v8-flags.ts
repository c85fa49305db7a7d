/**
 * V8 flags of every server process: the desktop's embedded server (Electron's utility process), the
 * office server (`npm run server`, package.json says the same) and the bench's.
 *
 * `--max-semi-space-size=32` (MiB; V8's default on 64-bit is 16): an export of everything pushes
 * hundreds of thousands of rows and their XML through the heap. With the default young generation most
 * of them outlived two scavenges and were promoted, so the old space grew to ~185 MiB of garbage
 * collected late: the 487,000-row pickup export peaked at 341 MiB RSS, the 50,000-contract export on
 * PostgreSQL at 271 MiB. With 32 MiB they die young: 275 and 228 MiB, and the pickup export took 7.2 s
 * instead of 7.9 s (server/bench/export-profile.ts, in process). The young generation only grows to
 * this size under such allocation, and the flag cannot be set once the process runs.
 */
export const SERVER_V8_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
