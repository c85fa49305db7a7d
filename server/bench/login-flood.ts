/**
 * Login flood (issue 6, point 3): does a flood of bogus logins stall the rest of the server?
 *
 *   npx tsx server/bench/login-flood.ts
 *
 * Starts the real server (`server/src/main.ts serve`, next to this file) as a child process with the
 * PRODUCTION password-hash cost on a fresh SQLite database in a temporary folder, creates one account
 * through POST /api/setup, uploads one file, then:
 *
 *   1. 64 parallel bogus logins (unknown users) from 127.0.0.1, kept up for the whole phase, and
 *      meanwhile, three times, a real login from 127.0.0.2, a 1 MB upload and a file download (each
 *      timed; each must succeed within 1 s);
 *   2. the same 64 bogus logins, but each from its own address (127.0.1.1 … 127.0.1.64), so that the
 *      per-address login throttle does not stop them and only the hashing queue stands between the
 *      flood and the server; the upload and download must still succeed within 1 s; the real login's
 *      answer is printed (when the queue is full a login is refused with 服务器繁忙, by design);
 *   3. 64 parallel bogus logins over 200 addresses for 30 s while ten clerks' PCs that logged in before
 *      log in again, one a second: at least 95% of those must be answered (not 429).
 *
 * Prints each time, the answers the flood got, and the server's resident memory before the flood and
 * at its peak (Linux /proc). Exits 1 when a check fails (phase 2's login is only reported). A measured
 * request unanswered after BENCH_GIVE_UP_MS (30 s) is given up; BENCH_FIXTURES names the shared
 * fixtures folder when the checkout is not beside it (the bench runs the server of its own checkout,
 * so a copy of this file measures another checkout, e.g. a worktree of the code before a change).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared fixtures sit beside the checkout; BENCH_FIXTURES names them for a checkout elsewhere. */
const FIXTURES = process.env.BENCH_FIXTURES ?? resolve(ROOT, '../shared/fixtures');
const FIXTURE = join(FIXTURES, 'scans/deregistration-certificate.pdf');
const FLOOD = 64;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIMIT_MS = 1000;
/** A measured request still unanswered after this long is given up (the code before the fix took minutes). */
const GIVE_UP_MS = Number(process.env.BENCH_GIVE_UP_MS ?? 30_000);
const USER = { username: 'bench_admin', password: 'Bench-Pass-1' };

const md5md5 = (text: string) => {
  const once = createHash('md5').update(text, 'utf8').digest('hex');
  return createHash('md5').update(once, 'utf8').digest('hex');
};

interface Answer {
  status: number;
  body: Buffer;
}

let port = 0;

const request = (
  method: string,
  path: string,
  options: { body?: Buffer | string; headers?: Record<string, string>; from?: string; giveUpMs?: number } = {},
): Promise<Answer> =>
  new Promise((resolvePromise, reject) => {
    const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: options.from,
        // A fresh connection per request: each flood request is its own client.
        agent: false,
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.giveUpMs !== undefined) {
      const timer = setTimeout(
        () => req.destroy(new Error(`no answer within ${options.giveUpMs} ms`)),
        options.giveUpMs,
      );
      req.on('close', () => clearTimeout(timer));
    }
    req.end(body);
  });

const json = (payload: unknown) => ({
  body: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

const messageOf = (answer: Answer): string => {
  try {
    return String((JSON.parse(answer.body.toString('utf8')) as { message?: unknown }).message ?? '');
  } catch {
    return answer.body.toString('utf8').slice(0, 80);
  }
};

const freePort = (): Promise<number> =>
  new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePromise(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** CPU seconds (user + system) a process has used; the clock ticks are 100 a second on Linux. */
const cpuSecondsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** VmRSS and VmHWM (peak) of a process, in MB. */
const memoryOf = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
};

const waitForHealth = async (child: ChildProcess) => {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`服务器已退出（${child.exitCode}）`);
    try {
      if ((await request('GET', '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error('服务器 60 秒内未启动');
};

/** A real PDF (the shared fixture) padded to 1 MB after its %%EOF, in a multipart form. */
const uploadForm = () => {
  const pdf = readFileSync(FIXTURE);
  const file = Buffer.concat([pdf, Buffer.alloc(1024 * 1024 - pdf.length, 0x0a)]);
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dir"\r\n\r\ndocument\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const timed = async (run: () => Promise<Answer>) => {
  const started = performance.now();
  try {
    const answer = await run();
    return { ms: Math.round(performance.now() - started), status: answer.status, message: messageOf(answer) };
  } catch (error) {
    return { ms: Math.round(performance.now() - started), status: 0, message: String(error) };
  }
};

/**
 * Phase 3 (issue 20, point 4): 64 parallel bogus logins spread over 200 addresses (127.0.2.1-200) for
 * FLOOD_SECONDS, while the office's clerks log in: ten PCs (127.0.0.10-19) that logged in before the
 * flood, one login a second in turn. At least 95% of them must be answered (not 429). A first login from
 * an address the server has never seen (127.0.3.x, one every 3 s) is reported, not judged.
 */
const FLOOD_ADDRESSES = 200;
/** Which phases to run: BENCH_PHASES=3 runs only the last one. */
const PHASES = (process.env.BENCH_PHASES ?? '1,2,3').split(',');
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const manyAddressesPhase = async (pid: number, clerkLogin: (from: string) => Promise<Answer>): Promise<boolean> => {
  console.log(`\nPhase 3: ${FLOOD} parallel bogus logins over ${FLOOD_ADDRESSES} addresses for ${FLOOD_SECONDS} s`);
  const clerks = Array.from({ length: 10 }, (_, n) => `127.0.0.${10 + n}`);
  for (const clerk of clerks) {
    const answer = await clerkLogin(clerk);
    if (answer.status !== 200) throw new Error(`clerk login ${answer.status} ${messageOf(answer)}`);
  }
  let flooding = true;
  let sent = 0;
  const floodAnswers = new Map<string, number>();
  const worker = async (index: number) => {
    let n = 0;
    while (flooding) {
      const address = `127.0.2.${((index + FLOOD * n) % FLOOD_ADDRESSES) + 1}`;
      n += 1;
      sent += 1;
      const answer = await request('POST', '/api/login', {
        ...json({ username: `ghost_${index}_${n}`, password: md5md5(`guess-${n}`) }),
        from: address,
      }).catch((error: unknown) => ({ status: 0, body: Buffer.from(String(error)) }));
      const key = `${answer.status} ${messageOf(answer)}`;
      floodAnswers.set(key, (floodAnswers.get(key) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: FLOOD }, (_, index) => worker(index));
  await new Promise((wait) => setTimeout(wait, 1000));
  const measured: Array<Promise<{ who: 'clerk' | 'new'; ms: number; status: number; message: string }>> = [];
  for (let second = 0; second < FLOOD_SECONDS; second += 1) {
    const clerk = clerks[second % clerks.length] ?? '127.0.0.10';
    measured.push(timed(() => clerkLogin(clerk)).then((result) => ({ who: 'clerk' as const, ...result })));
    if (second % 3 === 0) {
      const newcomer = `127.0.3.${second / 3 + 1}`;
      measured.push(timed(() => clerkLogin(newcomer)).then((result) => ({ who: 'new' as const, ...result })));
    }
    await new Promise((wait) => setTimeout(wait, 1000));
  }
  const results = await Promise.all(measured);
  flooding = false;
  await Promise.all(workers);
  const report = (who: 'clerk' | 'new') => {
    const mine = results.filter((result) => result.who === who);
    const answered = mine.filter((result) => result.status !== 429 && result.status !== 0);
    const ok = mine.filter((result) => result.status === 200);
    const times = ok.map((result) => result.ms).sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
    return { total: mine.length, answered: answered.length, ok: ok.length, p95 };
  };
  const clerk = report('clerk');
  const newcomer = report('new');
  const share = clerk.total === 0 ? 0 : clerk.answered / clerk.total;
  console.log(`  flood: ${sent} requests; ${[...floodAnswers].map(([key, count]) => `${count}× ${key}`).join('; ')}`);
  console.log(
    `  clerks' logins answered: ${clerk.answered}/${clerk.total} (${(share * 100).toFixed(0)}%, goal 95%), ` +
      `200 OK ${clerk.ok}, p95 ${clerk.p95} ms${share < 0.95 ? '  ← FAILED' : ''}`,
  );
  console.log(
    `  first logins from new addresses answered: ${newcomer.answered}/${newcomer.total}, 200 OK ${newcomer.ok}, ` +
      `p95 ${newcomer.p95} ms (reported)`,
  );
  const failures = results.filter((result) => result.who === 'clerk' && result.status !== 200);
  for (const failure of failures) console.log(`    clerk: ${failure.ms} ms ${failure.status} ${failure.message}`);
  console.log(`  server RSS ${memoryOf(pid).rss} MB (VmHWM ${memoryOf(pid).peak} MB)`);
  return share >= 0.95;
};

const main = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'login-flood-bench-'));
  port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/main.ts'), 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      STORAGE_DIR: join(dir, 'storage'),
      PASSWORD_HASH_COST: 'production',
      TRUST_PROXY: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let failed = false;
  try {
    await waitForHealth(child);
    const pid = child.pid ?? 0;
    const setup = await request(
      'POST',
      '/api/setup',
      json({ username: USER.username, nickname: '测速', phone_number: '13800138000', password: md5md5(USER.password) }),
    );
    if (setup.status !== 201) throw new Error(`setup ${setup.status} ${messageOf(setup)}`);
    const realLogin = () =>
      request('POST', '/api/login', {
        ...json({ username: USER.username, password: md5md5(USER.password) }),
        from: '127.0.0.2',
        giveUpMs: GIVE_UP_MS,
      });
    const first = await realLogin();
    if (first.status !== 200) throw new Error(`login ${first.status} ${messageOf(first)}`);
    const token = (JSON.parse(first.body.toString('utf8')) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const form = uploadForm();
    const upload = () =>
      request('POST', '/api/upload', { body: form.body, headers: { ...form.headers, ...auth }, giveUpMs: GIVE_UP_MS });
    const stored = await upload();
    if (stored.status !== 200) throw new Error(`upload ${stored.status} ${messageOf(stored)}`);
    const fileUrl = (JSON.parse(stored.body.toString('utf8')) as { data: { url: string } }).data.url;
    const download = async (): Promise<Answer> => {
      const answer = await request('GET', fileUrl, { headers: auth, giveUpMs: GIVE_UP_MS });
      if (answer.status !== 200) return answer;
      // The whole file, or it does not count.
      const size = answer.body.length;
      return {
        status: size === 1024 * 1024 ? 200 : -1,
        body: Buffer.from(JSON.stringify({ message: `${size} bytes` })),
      };
    };

    const idle = memoryOf(pid);
    console.log(`server pid ${pid}: RSS ${idle.rss} MB before the flood (peak so far ${idle.peak} MB)`);
    // The same three on a quiet server, for comparison.
    const quiet = [await timed(realLogin), await timed(upload), await timed(download)];
    console.log(`without a flood: login ${quiet[0]?.ms} ms, upload ${quiet[1]?.ms} ms, download ${quiet[2]?.ms} ms`);

    const runPhase = async (title: string, addressOf: (worker: number) => string, loginMustSucceed: boolean) => {
      console.log(`\n${title}`);
      let flooding = true;
      const phaseStarted = performance.now();
      const serverCpuBefore = cpuSecondsOf(pid);
      const clientCpuBefore = process.cpuUsage();
      let peakRss = 0;
      const floodAnswers = new Map<string, number>();
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, memoryOf(pid).rss);
      }, 50);
      const worker = async (index: number) => {
        let n = 0;
        while (flooding) {
          n += 1;
          const answer = await request('POST', '/api/login', {
            ...json({ username: `ghost_${index}_${n}`, password: md5md5(`guess-${n}`) }),
            from: addressOf(index),
          }).catch((error: unknown) => ({ status: 0, body: Buffer.from(String(error)) }));
          const key = `${answer.status} ${messageOf(answer)}`;
          floodAnswers.set(key, (floodAnswers.get(key) ?? 0) + 1);
        }
      };
      const workers = Array.from({ length: FLOOD }, (_, index) => worker(index));
      // Let the flood take hold before measuring.
      await new Promise((wait) => setTimeout(wait, 1000));
      for (let round = 1; round <= ROUNDS; round += 1) {
        const [login, up, down] = await Promise.all([timed(realLogin), timed(upload), timed(download)]);
        const line = (name: string, result: { ms: number; status: number; message: string }, mustSucceed: boolean) => {
          const good = result.status === 200 && result.ms <= LIMIT_MS;
          if (mustSucceed && !good) failed = true;
          return `${name} ${String(result.ms).padStart(5)} ms ${result.status} ${result.message}${mustSucceed && !good ? '  ← FAILED' : ''}`;
        };
        console.log(`  round ${round}:`);
        console.log(`    ${line('real login from 127.0.0.2', login, loginMustSucceed)}`);
        console.log(`    ${line('1 MB upload              ', up, true)}`);
        console.log(`    ${line('file download            ', down, true)}`);
      }
      flooding = false;
      await Promise.all(workers);
      clearInterval(sampler);
      console.log(`  flood answers: ${[...floodAnswers].map(([key, count]) => `${count}× ${key}`).join('; ')}`);
      console.log(`  server RSS peak during the phase: ${peakRss} MB (VmHWM ${memoryOf(pid).peak} MB)`);
      const clientCpu = process.cpuUsage(clientCpuBefore);
      console.log(
        `  ${((performance.now() - phaseStarted) / 1000).toFixed(1)} s; CPU used: server ` +
          `${(cpuSecondsOf(pid) - serverCpuBefore).toFixed(1)} s, this flooding client ` +
          `${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s (2 cores here are shared by both)`,
      );
    };

    if (PHASES.includes('1')) {
      await runPhase(`Phase 1: ${FLOOD} parallel bogus logins from 127.0.0.1`, () => '127.0.0.1', true);
    }
    if (PHASES.includes('2')) {
      await runPhase(
        `Phase 2: ${FLOOD} parallel bogus logins, each from its own address (127.0.1.1-${FLOOD})`,
        (index) => `127.0.1.${index + 1}`,
        false,
      );
    }
    if (PHASES.includes('3')) {
      await manyAddressesPhase(pid, (from) =>
        request('POST', '/api/login', {
          ...json({ username: USER.username, password: md5md5(USER.password) }),
          from,
          giveUpMs: GIVE_UP_MS,
        }),
      ).then((ok) => {
        if (!ok) failed = true;
      });
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)));
    await rm(dir, { recursive: true, force: true });
  }
  console.log(failed ? '\nFAILED: something took longer than 1 s or failed during the flood' : '\nOK');
  if (failed) process.exitCode = 1;
};

await main();
