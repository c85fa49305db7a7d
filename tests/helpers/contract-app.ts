import { afterEach, beforeEach, expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { loggedInStaff, type StaffInput } from './factories';
import { caller, type Method, orderForm, type OverseasFiles, uploadOverseasFiles } from './overseas';
import { type PurchaseFiles, purchaseForm, uploadPurchaseFiles } from './purchase';

/**
 * The frame of the contract tests (overseas, purchase, their exports, the car lookups): before each test a
 * fresh app with a signed-in clerk and the files the forms name uploaded for real; after it, the app and
 * its database are gone. Each of those suites set this up by hand and drifted apart; now they ask for it.
 *
 * Call it once in a `describe`; what it answers stands for the current test's app, so suites keep
 * writing `t.db`, `call(…)` and `files.contract` as before.
 */
export interface ContractAppOptions {
  /** The clerk signed in (defaults: a fresh staff member). */
  staff?: StaffInput;
  /** Which side's files to upload; the overseas side's by default. */
  files?: readonly ('overseas' | 'purchase')[];
}

type Staff = Awaited<ReturnType<typeof loggedInStaff>>;

interface Current {
  t: TestApp;
  staff: Staff;
  call: ReturnType<typeof caller>;
  overseasFiles: OverseasFiles | undefined;
  purchaseFiles: PurchaseFiles | undefined;
}

/** An object that reads through to what `get` answers now (the current test's app, files, clerk). */
const live = <T extends object>(get: () => T): T =>
  new Proxy({} as T, {
    get: (_target, key) => Reflect.get(get(), key),
    has: (_target, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(get(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });

export type CountedTable = 'orders' | 'customers' | 'vehicles' | 'receipts' | 'purchases' | 'remits';

export const contractAppForEachTest = (options: ContractAppOptions = {}) => {
  const sides = options.files ?? ['overseas'];
  let current: Current | undefined;

  beforeEach(async () => {
    const t = await buildTestApp();
    const staff = await loggedInStaff(t.app, options.staff);
    current = {
      t,
      staff,
      call: caller(t.app, staff.token),
      overseasFiles: sides.includes('overseas') ? await uploadOverseasFiles(t.app, staff.token) : undefined,
      purchaseFiles: sides.includes('purchase') ? await uploadPurchaseFiles(t.app, staff.token) : undefined,
    };
  });

  afterEach(async () => {
    await current?.t.close();
    current = undefined;
  });

  const now = (): Current => {
    if (!current) throw new Error('the contract app exists only inside a test');
    return current;
  };
  const filesOf = <F>(files: F | undefined, side: string): F => {
    if (files === undefined) throw new Error(`the ${side} files were not asked for (options.files)`);
    return files;
  };

  const t = live(() => now().t);
  const call = (method: Method, url: string, payload?: object | string, headers?: Record<string, string>) =>
    now().call(method, url, payload, headers);
  const overseasFiles = live(() => filesOf(now().overseasFiles, 'overseas'));
  const purchaseFiles = live(() => filesOf(now().purchaseFiles, 'purchase'));

  /** POSTs a form to a create endpoint, expects 201 and answers the new id. */
  const createdId = async (url: string, form: object) => {
    const response = await call('POST', url, form);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  /** GETs a record, expects 200 and answers its data. */
  const read = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  return {
    t,
    staff: live(() => now().staff),
    call,
    overseasFiles,
    purchaseFiles,
    /** A complete overseas contract form with these fields changed; answers the id. */
    createOrder: (overrides: Record<string, unknown> = {}) =>
      createdId('/api/order', orderForm(overseasFiles, overrides)),
    readOrder: (id: number) => read(`/api/order/${id}`),
    /** A complete purchase contract form with these fields changed; answers the id. */
    createPurchase: (overrides: Record<string, unknown> = {}) =>
      createdId('/api/purchase', purchaseForm(purchaseFiles, overrides)),
    readPurchase: (id: number) => read(`/api/purchase/${id}`),
    /** The vehicle row of a VIN as stored, or undefined. */
    vehicleOf: (vinText: string) =>
      now().t.db.selectFrom('vehicles').selectAll().where('vin', '=', vinText).executeTakeFirst(),
    countRows: async (table: CountedTable) =>
      Number(
        (
          await now()
            .t.db.selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      ),
  };
};
