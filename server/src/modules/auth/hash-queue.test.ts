import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, createStaff, loggedInStaff, loginRequest, md5md5 } from '../../../../tests/helpers/factories';
import { HashQueue, hashQueueOf } from './hash-queue';
import { REFUSAL_PAUSE_MS } from './auth.service';

const BUSY = { code: 429, message: '服务器繁忙，请稍后再试', data: null };

/** A task the test ends when it likes: it stands for a hash that is still running. */
const gate = () => {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { task: () => done, open };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks, serves the least recently served address first, and refuses when full', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 5, perAddress: 3 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const submit = (address: string, name: string) => {
      const g = gate();
      gates.set(name, g);
      return queue.run(address, () => {
        started.push(name);
        return g.task();
      });
    };
    const a1 = submit('A', 'a1');
    const a2 = submit('A', 'a2');
    const a3 = submit('A', 'a3');
    // A holds all it may: a flood from A is refused at once, B still gets in line.
    await expect(submit('A', 'a4')).rejects.toMatchObject({ statusCode: 429, message: '服务器繁忙，请稍后再试' });
    const b1 = submit('B', 'b1');
    expect(queue.size).toEqual({ running: 1, waiting: 3 });

    gates.get('a1')?.open();
    await a1;
    await settle();
    // B is served next, though A queued two hashes before it.
    expect(started).toEqual(['a1', 'b1']);
    gates.get('b1')?.open();
    await b1;
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    gates.get('a2')?.open();
    gates.get('a3')?.open();
    await Promise.all([a2, a3]);
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(queue.computed).toBe(4);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('lets one address run at most half the slots, leaving the rest to other addresses', async () => {
    const queue = new HashQueue({ concurrency: 4, maxWaiting: 10, perAddress: 10 });
    const gates = Array.from({ length: 5 }, gate);
    const flood = gates.map((g) => queue.run('A', g.task));
    expect(queue.size).toEqual({ running: 2, waiting: 3 });
    const others = [queue.run('B', () => Promise.resolve('b')), queue.run('C', () => Promise.resolve('c'))];
    expect(await Promise.all(others)).toEqual(['b', 'c']);
    for (const g of gates) g.open();
    await Promise.all(flood);
    expect(queue.computed).toBe(7);
  });

  it('starts no new hash for a flooding address while the login of another address is checked', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 10, perAddress: 10 });
    const floodGates = [gate(), gate(), gate()];
    const flood = floodGates.map((g) => queue.run('A', g.task));
    const b1 = gate();
    const login = queue.run('B', b1.task);
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    floodGates[0]?.open();
    await flood[0];
    await settle();
    // A's next hash waits for B's to end, so that B's has the CPU to itself.
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    b1.open();
    await login;
    await settle();
    expect(queue.size).toEqual({ running: 1, waiting: 1 });
    for (const g of floodGates) g.open();
    await Promise.all(flood);
  });

  it('refuses when `maxWaiting` hashes wait, and frees an address when its hash fails', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1, perAddress: 5 });
    const running = gate();
    const first = queue.run('A', running.task);
    const second = queue.run('B', () => Promise.reject(new Error('scrypt failed')));
    await expect(queue.run('C', () => Promise.resolve('x'))).rejects.toMatchObject({ statusCode: 429 });
    running.open();
    await first;
    await expect(second).rejects.toThrow('scrypt failed');
    expect(await queue.run('B', () => Promise.resolve('again'))).toBe('again');
  });
});

describe('password hashing through the queue', () => {
  let t: TestApp;

  afterEach(async () => {
    await t.close();
  });

  /** Holds the queue's running slots and waiting places with hashes that never end until opened. */
  const occupy = (address: string, count: number) => {
    const gates = Array.from({ length: count }, gate);
    const runs = gates.map((g) => hashQueueOf(t.app.ctx).run(address, g.task));
    return {
      open: async () => {
        for (const g of gates) g.open();
        await Promise.all(runs);
      },
    };
  };

  it('answers 429 服务器繁忙 when the queue is full, and the refused login does not count as a failure', async () => {
    t = await buildTestApp({
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2', PASSWORD_HASH_PER_ADDRESS: '10' },
    });
    const staff = await createStaff(t.app);
    const busy = occupy('10.90.0.1', 3);
    const started = Date.now();
    const refused = await Promise.all([
      loginRequest(t.app, staff.username, staff.password, '10.90.0.2'),
      ...Array.from({ length: 6 }, () => loginRequest(t.app, staff.username, 'wrong', '10.90.0.2')),
    ]);
    expect(refused.map((response) => response.statusCode)).toEqual(Array<number>(7).fill(429));
    expect(refused.map((response) => response.json())).toEqual(Array<unknown>(7).fill(BUSY));
    // A busy server answers a refused login after a pause, so that a flood cannot spin on refusals.
    expect(Date.now() - started).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 10);
    // Refused before the throttle is consulted: none of them counts as a failure.
    expect(await t.db.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
    expect(hashQueueOf(t.app.ctx).computed).toBe(1);

    await busy.open();
    expect((await loginRequest(t.app, staff.username, staff.password, '10.90.0.2')).statusCode).toBe(200);
  });

  it('keeps a login from another address from waiting behind a flood from one address', async () => {
    t = await buildTestApp({
      env: { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '10', PASSWORD_HASH_PER_ADDRESS: '3' },
    });
    const staff = await createStaff(t.app);
    const flooder = '10.91.0.1';
    // The flood's hashes, still running: one address runs at most half the slots, so two of them wait.
    const flood = occupy(flooder, 3);
    expect(hashQueueOf(t.app.ctx).size).toEqual({ running: 1, waiting: 2 });
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, n) => loginRequest(t.app, `ghost_${n}`, 'guess', flooder)),
    );
    expect(more.map((response) => response.json())).toEqual(Array<unknown>(10).fill(BUSY));

    // The other address's login is checked at once, while every hash of the flood is still running or waiting.
    expect((await loginRequest(t.app, staff.username, staff.password, '10.91.0.2')).statusCode).toBe(200);
    expect(hashQueueOf(t.app.ctx).size).toEqual({ running: 1, waiting: 2 });
    await flood.open();
  });

  it('sends setup, staff passwords and password changes through the queue too', async () => {
    t = await buildTestApp({
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1', PASSWORD_HASH_PER_ADDRESS: '10' },
    });
    const setup = {
      username: 'admin',
      nickname: '管理员',
      phone_number: '13800138000',
      password: md5md5('Secret-123'),
    };
    const busy = occupy('10.92.0.1', 2);
    expect((await t.app.inject({ method: 'POST', url: '/api/setup', payload: setup })).json()).toEqual(BUSY);
    await busy.open();
    expect((await t.app.inject({ method: 'POST', url: '/api/setup', payload: setup })).statusCode).toBe(201);

    const staff = await loggedInStaff(t.app);
    const computed = hashQueueOf(t.app.ctx).computed;
    // The administrator's address logged in just now; the one holding the queue did too, so it keeps
    // its place (a full line makes room only for a better standing).
    hashQueueOf(t.app.ctx).recordOutcome('10.92.0.1', true);
    const again = occupy('10.92.0.1', 2);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: bearer(staff.token),
      payload: { username: 'new_clerk', nickname: '新员工', phone_number: '13900139000', password: md5md5('x') },
    });
    expect(create.json()).toEqual(BUSY);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reset',
      headers: bearer(staff.token),
      payload: { password: md5md5(staff.password), new_password: md5md5('N'), new_password_confirmation: md5md5('N') },
    });
    expect(change.json()).toEqual(BUSY);
    await again.open();
    expect(hashQueueOf(t.app.ctx).computed).toBe(computed + 2);
    expect(await t.db.selectFrom('users').select('username').where('username', '=', 'new_clerk').execute()).toEqual([]);
  });
});

describe('HashQueue: addresses by standing (a flood from many addresses)', () => {
  it('gives a free slot to an address whose logins succeeded, then to a new one, and last to one that only failed', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 10, perAddress: 3 });
    queue.recordOutcome('clerk', true);
    queue.recordOutcome('flood', false);
    const started: string[] = [];
    const first = gate();
    const running = queue.run('somebody', first.task);
    const jobs = ['flood', 'new', 'clerk'].map((address) =>
      queue.run(address, () => {
        started.push(address);
        return Promise.resolve();
      }),
    );
    first.open();
    await Promise.all([running, ...jobs]);
    expect(started).toEqual(['clerk', 'new', 'flood']);
  });

  it('makes room in a full line for a better standing by refusing the newest hash of the worst one', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 2, perAddress: 3 });
    queue.recordOutcome('clerk', true);
    queue.recordOutcome('f1', false);
    queue.recordOutcome('f2', false);
    const first = gate();
    const running = queue.run('x', first.task);
    const f1 = queue.run('f1', () => Promise.resolve('f1'));
    const f2 = queue.run('f2', () => Promise.resolve('f2'));
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    // Another failing address finds no room: it does not push out its equals.
    queue.recordOutcome('f3', false);
    expect(queue.hasRoom('f3')).toBe(false);
    await expect(queue.run('f3', () => Promise.resolve('f3'))).rejects.toMatchObject({ statusCode: 429 });
    // The clerk does: the newest failing hash (f2's) gives way with 429 服务器繁忙.
    expect(queue.hasRoom('clerk')).toBe(true);
    const clerk = queue.run('clerk', () => Promise.resolve('clerk'));
    await expect(f2).rejects.toMatchObject({ statusCode: 429, message: '服务器繁忙，请稍后再试' });
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    first.open();
    expect(await Promise.all([running, clerk, f1])).toEqual([undefined, 'clerk', 'f1']);
    expect(queue.computed).toBe(3);
  });

  it('lets a new address in ahead of failing ones, but not a failing one ahead of a new one', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1, perAddress: 3 });
    queue.recordOutcome('flood', false);
    const first = gate();
    const running = queue.run('x', first.task);
    const flood = queue.run('flood', () => Promise.resolve('flood'));
    const newcomer = queue.run('new', () => Promise.resolve('new'));
    await expect(flood).rejects.toMatchObject({ statusCode: 429 });
    queue.recordOutcome('flood2', false);
    await expect(queue.run('flood2', () => Promise.resolve('x'))).rejects.toMatchObject({ statusCode: 429 });
    first.open();
    expect(await newcomer).toBe('new');
    await running;
  });

  it('forgets a failure after 15 minutes, keeps trust 24 hours, and loses it after 5 failures in a row', () => {
    let now = 0;
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1, perAddress: 1 }, () => now);
    queue.recordOutcome('a', false);
    expect(queue.standingOf('a')).toBe(2);
    now = 14 * 60_000;
    expect(queue.standingOf('a')).toBe(2);
    now = 15 * 60_000;
    expect(queue.standingOf('a')).toBe(1);
    queue.recordOutcome('a', true);
    expect(queue.standingOf('a')).toBe(0);
    for (let i = 0; i < 4; i += 1) queue.recordOutcome('a', false);
    expect(queue.standingOf('a')).toBe(0); // a clerk's typing mistakes keep the PC's place
    queue.recordOutcome('a', false);
    expect(queue.standingOf('a')).toBe(1);
    queue.recordOutcome('b', true);
    now += 24 * 60 * 60_000;
    expect(queue.standingOf('b')).toBe(1);
  });
});
