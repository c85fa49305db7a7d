import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Db } from './database';
import { type GuardedPatch, updateRowIfUnchanged } from './guarded-update';

/**
 * The guarded save cannot write a lifecycle column (DESIGN.md: only server/src/lifecycle/ writes a
 * vehicle's flow and stages, or a contract's status). tsc checks this file (tsconfig.json includes
 * server/): each `@ts-expect-error` below fails the type check the day the patch type lets its column
 * through again.
 */
describe('the guarded save and the lifecycle columns', () => {
  it('refuses orders.status, vehicles.flow and the stage values in its patch, however the patch is built', () => {
    // Never called: the lines are for the type checker.
    const attempts = (db: Db, read: string) => {
      // @ts-expect-error an overseas contract's status is the lifecycle's
      void updateRowIfUnchanged(db, 'orders', 1, { status: 2 }, read);
      // @ts-expect-error a vehicle's flow is the lifecycle's
      void updateRowIfUnchanged(db, 'vehicles', 1, { flow: 'release' }, read);
      // @ts-expect-error so is every stage value
      void updateRowIfUnchanged(db, 'vehicles', 1, { plate: 1 }, read);
      const spread = { model: 'X5', flow: 'release' as const };
      // @ts-expect-error a patch built elsewhere (no object literal for the lint to see) is refused too
      void updateRowIfUnchanged(db, 'vehicles', 1, spread, read);
      const widened: { status: number; customer_name: string } = { status: 2, customer_name: '' };
      // @ts-expect-error likewise for a contract
      void updateRowIfUnchanged(db, 'orders', 1, widened, read);
      // The other columns stay writable.
      void updateRowIfUnchanged(db, 'vehicles', 1, { model: 'X5', updated_at: read }, read);
      void updateRowIfUnchanged(db, 'orders', 1, { customer_name: '客户甲', updated_at: read }, read);
    };
    expect(typeof attempts).toBe('function');
    expectTypeOf<GuardedPatch<'orders'>>().toHaveProperty('customer_name');
    expectTypeOf<GuardedPatch<'orders'>['status']>().toEqualTypeOf<undefined>();
    expectTypeOf<GuardedPatch<'vehicles'>['flow']>().toEqualTypeOf<undefined>();
    expectTypeOf<GuardedPatch<'customers'>>().toHaveProperty('name');
  });
});
