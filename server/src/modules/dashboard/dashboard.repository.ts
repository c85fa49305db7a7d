import { sql } from 'kysely';
import type { DashboardCounts } from '../../../../contract/dashboard';
import type { Db } from '../../db/database';

type VehicleCounts = Omit<DashboardCounts, 'orderNum' | 'purchaseNum'>;

/** A vehicle counts for a stage once the step has happened (value above 0; DOMAIN.md, Counts). */
const reached = (stage: string) => sql<number>`count(case when ${sql.ref(stage)} > 0 then 1 end)`;

export const countVehicleStages = async (db: Db): Promise<VehicleCounts> => {
  const row = await db
    .selectFrom('vehicles')
    .select([
      reached('entry').as('carEntry'),
      reached('release').as('carRelease'),
      reached('plate').as('carPlate'),
      reached('transfer').as('carTransfer'),
      reached('exports').as('carExports'),
      reached('drawback').as('carDrawback'),
      reached('freight').as('carFreight'),
      reached('archive').as('carArchive'),
      // Complete: tax refund, deregistration and freight all done (DOMAIN.md).
      sql<number>`count(case when drawback = 2 and archive = 2 and freight = 2 then 1 end)`.as('carComplete'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as VehicleCounts;
};

export const countContracts = async (db: Db): Promise<{ orderNum: number; purchaseNum: number }> => {
  const [orders, purchases] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { orderNum: Number(orders.count), purchaseNum: Number(purchases.count) };
};
