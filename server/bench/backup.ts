/**
 * Issue 27's bench: a backup of the company-sized SQLite database (500,000 vehicles) through the real
 * server (`POST /api/backup/run`, its progress polled), with the clerks' traffic (`/api/order` at
 * CLERKS_RATE requests a second) running meanwhile; goal: their p95 ≤ 50 ms.
 *
 *   npx tsx server/bench/backup.ts [--file .bench/sqlite-s1-….db] [--seconds 10]
 *
 * It works on a copy of the seeded file (`.bench/backup-bench/`), never on the file itself, which other
 * benches use; the copy is migrated first, then served with BACKUP_DIR set; everything is removed at the
 * end. Without --file: the largest `sqlite-s1-*.db` in .bench/ (seeding one takes a long while).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BackupRun } from '../../contract/backup';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { copyDatabase } from '../src/platform/backup/database-copy';
import { settle, startPaced } from './load';
import { CLERKS_RATE, fetchOnce } from './measure-requests';
import { BENCH_DIR } from './seed';
import { logIn, memoryOf, startServer } from './server-process';
import { ms } from './table';

const { values: args } = parseArgs({
  options: { file: { type: 'string' }, seconds: { type: 'string', default: '10' } },
});

const progress = (line: string) => process.stderr.write(`${line}\n`);

const seededFile = (): string => {
  if (args.file) return args.file;
  const candidates = readdirSync(BENCH_DIR)
    .filter((name) => /^sqlite-s1-[0-9a-f]+\.db$/.test(name))
    .map((name) => join(BENCH_DIR, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!candidates[0]) throw new Error(`no sqlite-s1-*.db in ${BENCH_DIR}: run npm run bench once to seed it`);
  return candidates[0];
};

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const main = async () => {
  const source = seededFile();
  const work = join(BENCH_DIR, 'backup-bench');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'backups'), { recursive: true });
  const file = join(work, 'app.db');
  try {
    progress(`== backup bench on a copy of ${source} (${mib(statSync(source).size)})`);
    let started = performance.now();
    // A file nobody writes (no WAL beside it) is copied as it is; else consistently, as a backup would.
    if (existsSync(`${source}-wal`)) await copyDatabase(source, file);
    else copyFileSync(source, file);
    progress(`  copied in ${ms(performance.now() - started)}`);
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      const ran = await migrateToLatest(db);
      if (ran.length > 0) progress(`  migrated: ${ran.join(', ')}`);
    } finally {
      await db.destroy();
    }
    for (const name of readdirSync(work)) if (name.includes('.upgrade-backup.')) rmSync(join(work, name));

    // The server's environment is the bench's own plus these (server-process.ts spreads process.env).
    process.env.BACKUP_DIR = join(work, 'backups');
    const server = await startServer(`sqlite:${file}`, join(work, 'storage'));
    try {
      const token = await logIn(server.url);
      await fetchOnce(`${server.url}/api/order`, token);
      await settle(server.url);
      const seconds = Number(args.seconds);
      const quiet = await startPaced({ url: `${server.url}/api/order`, token, seconds, perSecond: CLERKS_RATE }).done;
      progress(`  /api/order at ${CLERKS_RATE} req/s alone: p95 ${ms(quiet.p95)} (p50 ${ms(quiet.p50)})`);

      await settle(server.url);
      // One paced load per step of the backup, so that each phase's p95 is its own.
      const phases: { step: string; load: ReturnType<typeof startPaced> }[] = [];
      const phase = (step: string) => {
        phases.at(-1)?.load.stop();
        phases.push({
          step,
          load: startPaced({ url: `${server.url}/api/order`, token, seconds: 1800, perSecond: CLERKS_RATE }),
        });
      };
      phase('准备');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      started = performance.now();
      const begun = await fetch(`${server.url}/api/backup/run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      let run = ((await begun.json()) as { data: BackupRun }).data;
      let peakMiB = 0;
      while (run.state === 'running') {
        if (run.step !== phases.at(-1)?.step) {
          progress(`  ${ms(performance.now() - started)}: ${run.percent}% ${run.step}`);
          phase(run.step);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        const polled = await fetchOnce(`${server.url}/api/backup/run/${run.id}`, token);
        run = (JSON.parse(polled.body) as { data: BackupRun }).data;
        peakMiB = Math.max(peakMiB, memoryOf(server.pid).rssMiB);
      }
      const backupMs = performance.now() - started;
      phases.at(-1)?.load.stop();
      const measured = await Promise.all(phases.map(async ({ step, load }) => ({ step, result: await load.done })));
      const all = measured.flatMap(({ result }) => [result]);
      const answered = all.reduce((sum, result) => sum + result.ok, 0);
      if (run.state !== 'done' || !run.backup) throw new Error(`backup failed: ${run.error}`);
      const lines = [
        `Database: ${run.backup.counts.vehicles.toLocaleString('en-US')} vehicles, ${run.backup.counts.contracts.toLocaleString('en-US')} contracts; backup ${mib(run.backup.size)} (VACUUM INTO in a worker thread, integrity_check ok) in ${ms(backupMs)}; server RSS at most ${peakMiB.toFixed(0)} MiB meanwhile; ${answered} clerks' requests answered during it.`,
        '',
        `| \`/api/order\` at ${CLERKS_RATE} req/s | p50 | p95 | answered | failed |`,
        '| --- | --- | --- | --- | --- |',
        `| alone (${seconds} s) | ${ms(quiet.p50)} | ${ms(quiet.p95)} | ${quiet.ok} | ${quiet.failed} |`,
        ...measured.map(
          ({ step, result }) =>
            `| during ${step} (${result.seconds.toFixed(0)} s) | ${ms(result.p50)} | ${ms(result.p95)} | ${result.ok} | ${result.failed} |`,
        ),
      ];
      console.log(lines.join('\n'));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (existsSync(work)) progress(`  could not remove ${work}`);
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
