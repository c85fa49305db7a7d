import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen (see 2026_11_22_0900): vehicles with their flow and eight stage values (DOMAIN.md), one table
 * per stage record, link tables where one record covers several vehicles, and VIN corrections.
 *
 * Lists of photos (`car_image[]`, up to 25) are JSON arrays of `/storage/…` paths in a `car_images`
 * column: a list is always read and written whole with its record, never filtered or joined on, and a
 * JSON text column behaves the same on both databases. Single-document slots are plain columns.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const identity = (db: Kysely<unknown>) => (col: ColumnDefinitionBuilder) =>
  isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

const STAGES = ['entry', 'plate', 'release', 'transfer', 'exports', 'drawback', 'archive', 'freight'] as const;
const FLOWS = ['purchase', 'pickup', 'registry', 'release', 'filing'] as const;

/** created_by, created_at, updated_at: every record has them. */
const withAuthorship = <T extends string>(table: CreateTableBuilder<T, never>) =>
  table
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull());

/** Share of the record's documents present, as a whole percentage (plate: n/8, transfer: n/5, exports: n/6). */
const rateColumn = (col: ColumnDefinitionBuilder) =>
  col
    .notNull()
    .defaultTo(0)
    .check(sql`rate between 0 and 100`);

/**
 * `<record>_vehicles`: which vehicles one record covers. A vehicle has at most one record per stage
 * (DOMAIN.md), so vehicle_id is unique here.
 */
const createVehicleLinks = async (db: Kysely<unknown>, linkTable: string, recordTable: string, recordKey: string) => {
  await db.schema
    .createTable(linkTable)
    .addColumn(recordKey, 'integer', (col) => col.notNull().references(`${recordTable}.id`).onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().unique().references('vehicles.id'))
    .addPrimaryKeyConstraint(`${linkTable}_pkey`, [recordKey, 'vehicle_id'])
    .execute();
};

export async function up(db: Kysely<unknown>): Promise<void> {
  let vehicles = db.schema
    .createTable('vehicles')
    .addColumn('id', 'integer', identity(db))
    // 17 characters, upper case, trimmed; one row per VIN whichever contract named it first.
    .addColumn('vin', 'text', (col) => col.notNull().unique())
    .addColumn('model', 'text')
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('purchase_id', 'integer', (col) => col.references('purchases.id'))
    // The overseas side's prices (fen); null until an overseas contract names the vehicle.
    .addColumn('order_price', 'bigint')
    .addColumn('order_invoice', 'bigint')
    .addColumn('order_other', 'bigint')
    // The purchase side's prices (fen); null until a purchase contract names the vehicle.
    .addColumn('price', 'bigint')
    .addColumn('invoice', 'bigint')
    .addColumn('other', 'bigint')
    // Where the vehicle is; null while only an overseas contract names it (nothing bought yet).
    .addColumn('flow', 'text', (col) => col.check(sql`flow in (${sql.join(FLOWS.map((flow) => sql.lit(flow)))})`));
  for (const stage of STAGES) {
    // 0 no record, 1 documents missing, 2 complete; computed from the record, never set by hand.
    vehicles = vehicles.addColumn(stage, 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`${sql.ref(stage)} in (0, 1, 2)`),
    );
  }
  await vehicles
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('vehicles_order_id_index').on('vehicles').column('order_id').execute();
  await db.schema.createIndex('vehicles_purchase_id_index').on('vehicles').column('purchase_id').execute();
  await db.schema.createIndex('vehicles_flow_index').on('vehicles').column('flow').execute();
  await db.schema.createIndex('vehicles_created_at_index').on('vehicles').column('created_at').execute();

  // Check-in at the yard (入库): one per vehicle.
  await withAuthorship(
    db.schema
      .createTable('check_ins')
      .addColumn('id', 'integer', identity(db))
      .addColumn('vehicle_id', 'integer', (col) => col.notNull().unique().references('vehicles.id'))
      .addColumn('dl_name', 'text')
      .addColumn('wg_image', 'text')
      .addColumn('vin_image', 'text')
      .addColumn('car_images', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('remark', 'text'),
  ).execute();
  await db.schema.createIndex('check_ins_created_at_index').on('check_ins').column('created_at').execute();
  await db.schema.createIndex('check_ins_dl_name_index').on('check_ins').column('dl_name').execute();

  // Release pass (出库): one record for several vehicles.
  await withAuthorship(
    db.schema
      .createTable('release_passes')
      .addColumn('id', 'integer', identity(db))
      .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
      .addColumn('purchase_id', 'integer', (col) => col.references('purchases.id'))
      .addColumn('fxt_image', 'text')
      .addColumn('lc_image', 'text')
      .addColumn('car_images', 'text', (col) => col.notNull().defaultTo('[]')),
  ).execute();
  await db.schema.createIndex('release_passes_created_at_index').on('release_passes').column('created_at').execute();
  await db.schema.createIndex('release_passes_purchase_id_index').on('release_passes').column('purchase_id').execute();
  await createVehicleLinks(db, 'release_pass_vehicles', 'release_passes', 'release_pass_id');

  // Plating (上牌): one per vehicle, 8 documents.
  await withAuthorship(
    db.schema
      .createTable('platings')
      .addColumn('id', 'integer', identity(db))
      .addColumn('vehicle_id', 'integer', (col) => col.notNull().unique().references('vehicles.id'))
      .addColumn('yy_date', 'text')
      .addColumn('xsz_image', 'text')
      .addColumn('djz_image', 'text')
      .addColumn('lp_image', 'text')
      .addColumn('fp_image', 'text')
      .addColumn('hgz_image', 'text')
      .addColumn('ycxzs_image', 'text')
      .addColumn('hbqd_image', 'text')
      .addColumn('bx_image', 'text')
      .addColumn('car_images', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('rate', 'integer', rateColumn),
  ).execute();
  await db.schema.createIndex('platings_created_at_index').on('platings').column('created_at').execute();

  // Transfer of ownership (过户): one per vehicle, 5 documents.
  await withAuthorship(
    db.schema
      .createTable('transfers')
      .addColumn('id', 'integer', identity(db))
      .addColumn('vehicle_id', 'integer', (col) => col.notNull().unique().references('vehicles.id'))
      .addColumn('djz_image', 'text')
      .addColumn('lp_image', 'text')
      .addColumn('usedcar_invoices_image', 'text')
      .addColumn('zzs_invoices_image', 'text')
      .addColumn('xsz_image', 'text')
      .addColumn('car_images', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('rate', 'integer', rateColumn),
  ).execute();
  await db.schema.createIndex('transfers_created_at_index').on('transfers').column('created_at').execute();

  // Export declaration (出口报关): one record for several vehicles of one overseas contract.
  await withAuthorship(
    db.schema
      .createTable('export_declarations')
      .addColumn('id', 'integer', identity(db))
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
      .addColumn('purchase_id', 'integer', (col) => col.references('purchases.id'))
      .addColumn('currency', 'text', (col) =>
        col
          .notNull()
          .defaultTo('USD')
          .check(sql`currency in ('USD', 'CNY')`),
      )
      .addColumn('bgd_sn', 'text')
      .addColumn('exports_date', 'text')
      .addColumn('exports_money', 'bigint')
      .addColumn('xkz_image', 'text')
      .addColumn('bgzl_image', 'text')
      .addColumn('bgd_image', 'text')
      .addColumn('td_image', 'text')
      .addColumn('jcbg_image', 'text')
      .addColumn('hgfxtz_image', 'text')
      .addColumn('car_images', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('rate', 'integer', rateColumn),
  ).execute();
  await db.schema
    .createIndex('export_declarations_order_id_index')
    .on('export_declarations')
    .column('order_id')
    .execute();
  await db.schema.createIndex('export_declarations_bgd_sn_index').on('export_declarations').column('bgd_sn').execute();
  await db.schema
    .createIndex('export_declarations_exports_date_index')
    .on('export_declarations')
    .column('exports_date')
    .execute();
  await createVehicleLinks(db, 'export_declaration_vehicles', 'export_declarations', 'export_declaration_id');

  // Tax refund (退税): order and vehicles only.
  await withAuthorship(
    db.schema
      .createTable('tax_refunds')
      .addColumn('id', 'integer', identity(db))
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id')),
  ).execute();
  await db.schema.createIndex('tax_refunds_order_id_index').on('tax_refunds').column('order_id').execute();
  await createVehicleLinks(db, 'tax_refund_vehicles', 'tax_refunds', 'tax_refund_id');

  // Deregistration (注销): the certificate.
  await withAuthorship(
    db.schema
      .createTable('deregistrations')
      .addColumn('id', 'integer', identity(db))
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
      .addColumn('zxzm_image', 'text'),
  ).execute();
  await db.schema.createIndex('deregistrations_order_id_index').on('deregistrations').column('order_id').execute();
  await createVehicleLinks(db, 'deregistration_vehicles', 'deregistrations', 'deregistration_id');

  // Freight (运费): invoice and payment slip, plus photos.
  await withAuthorship(
    db.schema
      .createTable('freights')
      .addColumn('id', 'integer', identity(db))
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
      .addColumn('yffp_image', 'text')
      .addColumn('yffkd_image', 'text')
      .addColumn('car_images', 'text', (col) => col.notNull().defaultTo('[]')),
  ).execute();
  await db.schema.createIndex('freights_order_id_index').on('freights').column('order_id').execute();
  await createVehicleLinks(db, 'freight_vehicles', 'freights', 'freight_id');

  await db.schema
    .createTable('vin_corrections')
    .addColumn('id', 'integer', identity(db))
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vehicles.id'))
    .addColumn('vin_old', 'text', (col) => col.notNull())
    .addColumn('vin_new', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('vin_corrections_vin_new_index').on('vin_corrections').column('vin_new').execute();
  await db.schema.createIndex('vin_corrections_created_at_index').on('vin_corrections').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'vin_corrections',
    'freight_vehicles',
    'freights',
    'deregistration_vehicles',
    'deregistrations',
    'tax_refund_vehicles',
    'tax_refunds',
    'export_declaration_vehicles',
    'export_declarations',
    'transfers',
    'platings',
    'release_pass_vehicles',
    'release_passes',
    'check_ins',
    'vehicles',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
