/**
 * The finished contract's document zip (API.md, Cars: downloads). Every document of the contract is
 * gathered from its records, laid out (zip-layout.ts), listed in a 清单.xlsx, and zipped with `archiver`
 * straight into the storage under exports/ (swept after a day like every export), each document
 * streamed from the storage as the zip asks for it: memory holds a read buffer, never a file.
 */
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import {
  downloadsMessages,
  FINISHED_ORDER_STATUS,
  manifestLabels,
  zipFolderLabels,
  type DownloadsAnswer,
} from '../../../../contract/filed-downloads';
import { type Stage, STAGES, stageTable } from '../../../../contract/stage';
import type { AppContext } from '../../app-context';
import { type Column, type SheetSpec, workbookStream } from '../../excel/workbook';
import { conflict, notFound } from '../../http-errors';
import { PHOTO_COLUMN, PHOTO_FIELD, stageStorage } from '../../lifecycle/stage-storage';
import { parseFileList } from '../upload/stored-file-list';
import {
  findLinks,
  findOrderVehicles,
  findPerVehicleRecords,
  findPurchaseFiles,
  findReceiptFiles,
  findRecordsByIds,
  findRemitFiles,
  findUploadedNames,
  findZipOrder,
  type StageRecordRow,
  type ZipOrder,
  type ZipVehicle,
} from './downloads.repository';
import { layoutEntries, type PlannedFile, type ZipEntry, zipEntryDate } from './zip-layout';
import { contractZip } from './zip-cache';

type Unnamed = Omit<PlannedFile, 'uploadedName'>;

/** The documents of one stage record, slot by slot in the form's order (photos last). */
const recordFiles = (stage: Stage, row: StageRecordRow, place: Pick<PlannedFile, 'folder' | 'vehicles'>): Unnamed[] => {
  const files: Unnamed[] = [];
  for (const slot of stageTable[stage].slots) {
    const urls =
      slot.field === PHOTO_FIELD
        ? parseFileList(String(row[PHOTO_COLUMN] ?? '[]'))
        : typeof row[slot.field] === 'string' && row[slot.field] !== ''
          ? [row[slot.field] as string]
          : [];
    const list = slot.field === PHOTO_FIELD;
    urls.forEach((url, i) =>
      files.push({
        url,
        stage: stageTable[stage].label,
        document: slot.label,
        position: list ? i + 1 : null,
        ...place,
      }),
    );
  }
  return files;
};

const PER_VEHICLE_STAGES = STAGES.filter((stage) => stageStorage[stage].kind === 'perVehicle');
const LINKED_STAGES = STAGES.filter(
  (stage) => stageStorage[stage].kind === 'linked' && stageTable[stage].slots.length > 0,
);

/**
 * The overseas contract's own files: `海外合同/合同-1.pdf`, `海外合同/协议.pdf`, and each receipt's proof and
 * slip in `海外合同/收款-<n>/`, n counting the receipts in the order they were entered.
 */
const orderFiles = async (ctx: AppContext, order: ZipOrder): Promise<Unnamed[]> => {
  const own = (folder: string[], document: string, url: string | null, position: number | null = null): Unnamed[] =>
    url ? [{ url, folder, stage: zipFolderLabels.order, document, position, vehicles: [] }] : [];
  const files = [
    ...parseFileList(order.contracts).flatMap((url, i) =>
      own([zipFolderLabels.order], zipFolderLabels.orderContracts, url, i + 1),
    ),
    ...own([zipFolderLabels.order], zipFolderLabels.agreement, order.agreement),
  ];
  const receipts = await findReceiptFiles(ctx.db, order.id);
  for (const [i, receipt] of receipts.entries()) {
    const folder = [zipFolderLabels.order, `${zipFolderLabels.receipt}-${i + 1}`];
    files.push(
      ...own(folder, zipFolderLabels.receiptProof, receipt.proof),
      ...own(folder, zipFolderLabels.receiptSlip, receipt.receipt),
    );
  }
  return files;
};

/** The purchase contracts that bought the contract's vehicles: their contracts and remittance slips. */
const purchaseFiles = async (ctx: AppContext, vehicles: readonly ZipVehicle[]): Promise<Unnamed[]> => {
  const vinsOf = new Map<number, string[]>();
  for (const vehicle of vehicles) {
    if (vehicle.purchase_id === null) continue;
    vinsOf.set(vehicle.purchase_id, [...(vinsOf.get(vehicle.purchase_id) ?? []), vehicle.vin]);
  }
  const ids = [...vinsOf.keys()].sort((a, b) => a - b);
  const remits = await findRemitFiles(ctx.db, ids);
  const files: Unnamed[] = [];
  for (const purchase of await findPurchaseFiles(ctx.db, ids)) {
    const top = `${zipFolderLabels.purchase}-${purchase.purchase_no}`;
    const vins = vinsOf.get(purchase.id) ?? [];
    parseFileList(purchase.contracts).forEach((url, i) =>
      files.push({
        url,
        folder: [top],
        stage: zipFolderLabels.purchase,
        document: zipFolderLabels.purchaseContracts,
        position: i + 1,
        vehicles: vins,
      }),
    );
    // 付款-<n>: the contract's remittances in the order they were entered (those without a slip count too).
    remits
      .filter((row) => row.purchase_id === purchase.id)
      .forEach((remit, i) => {
        if (!remit.bank_slips) return;
        files.push({
          url: remit.bank_slips,
          folder: [top, `${zipFolderLabels.remit}-${i + 1}`],
          stage: zipFolderLabels.remit,
          document: zipFolderLabels.bankSlip,
          position: null,
          vehicles: vins,
        });
      });
  }
  return files;
};

/** Every vehicle's one-vehicle records, vehicle by vehicle: `<VIN>/<stage>/`. */
const perVehicleFiles = async (ctx: AppContext, vehicles: readonly ZipVehicle[]): Promise<Unnamed[]> => {
  const ids = vehicles.map((vehicle) => vehicle.id);
  const byStage = new Map<Stage, Map<number, StageRecordRow>>();
  for (const stage of PER_VEHICLE_STAGES) {
    const rows = await findPerVehicleRecords(ctx.db, stageStorage[stage].table, ids);
    byStage.set(stage, new Map(rows.map((row) => [row.vehicle_id, row])));
  }
  return vehicles.flatMap((vehicle) =>
    PER_VEHICLE_STAGES.flatMap((stage) => {
      const row = byStage.get(stage)?.get(vehicle.id);
      return row
        ? recordFiles(stage, row, { folder: [vehicle.vin, stageTable[stage].label], vehicles: [vehicle.vin] })
        : [];
    }),
  );
};

/** The records covering several vehicles, record by record: `<stage>-<id>/`, with the contract's vehicles on each. */
const linkedFiles = async (ctx: AppContext, vehicles: readonly ZipVehicle[]): Promise<Unnamed[]> => {
  const vinOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.vin]));
  const files: Unnamed[] = [];
  for (const stage of LINKED_STAGES) {
    const storage = stageStorage[stage];
    if (storage.kind !== 'linked') continue;
    const links = await findLinks(ctx.db, storage.links, storage.key, [...vinOf.keys()]);
    const vinsOf = new Map<number, string[]>();
    for (const link of links)
      vinsOf.set(link.recordId, [...(vinsOf.get(link.recordId) ?? []), vinOf.get(link.vehicleId) ?? '']);
    for (const row of await findRecordsByIds(ctx.db, storage.table, [...vinsOf.keys()])) {
      const vins = (vinsOf.get(row.id) ?? []).sort();
      files.push(...recordFiles(stage, row, { folder: [`${stageTable[stage].label}-${row.id}`], vehicles: vins }));
    }
  }
  return files;
};

interface PackedEntry extends ZipEntry {
  /** The file's key in the storage, or null when it is missing (listed in the 清单, not zipped). */
  key: string | null;
  /** Size and time of the stored file (null when missing): with the rest, the zip's fingerprint (zip-cache.ts). */
  size: number | null;
  modifiedAt: Date | null;
}

const manifestColumns: readonly Column<ManifestRow>[] = [
  { header: manifestLabels.index, width: 6, kind: 'integer', value: (row) => row.index },
  { header: manifestLabels.path, width: 60, kind: 'text', value: (row) => row.entryName },
  { header: manifestLabels.stage, width: 10, kind: 'text', value: (row) => row.stage },
  { header: manifestLabels.document, width: 14, kind: 'text', value: (row) => row.document },
  { header: manifestLabels.vehicles, width: 40, kind: 'text', value: (row) => row.vehicles.join('、') },
  { header: manifestLabels.uploadedName, width: 36, kind: 'text', value: (row) => row.uploadedName },
  {
    header: manifestLabels.state,
    width: 10,
    kind: 'text',
    value: (row) => (row.key ? manifestLabels.present : manifestLabels.missing),
  },
];

type ManifestRow = PackedEntry & { index: number };

const manifestSheet = (entries: readonly PackedEntry[]): SheetSpec<unknown> =>
  ({
    name: manifestLabels.sheet,
    columns: manifestColumns,
    rows: entries.map((entry, i) => ({ ...entry, index: i + 1 })),
  }) satisfies SheetSpec<ManifestRow> as SheetSpec<unknown>;

/** The contract's documents, in the zip's order, each with its stored file (or none). */
export const packedEntries = async (ctx: AppContext, order: ZipOrder): Promise<PackedEntry[]> => {
  const vehicles = await findOrderVehicles(ctx.db, order.id);
  const unnamed = [
    ...(await orderFiles(ctx, order)),
    ...(await purchaseFiles(ctx, vehicles)),
    ...(await perVehicleFiles(ctx, vehicles)),
    ...(await linkedFiles(ctx, vehicles)),
  ];
  const names = await findUploadedNames(
    ctx.db,
    unnamed.map((file) => file.url),
  );
  const entries = layoutEntries(unnamed.map((file) => ({ ...file, uploadedName: names.get(file.url) ?? null })));
  const packed: PackedEntry[] = [];
  for (const entry of entries) {
    const file = await ctx.storage.resolve(entry.url);
    packed.push({ ...entry, key: file?.key ?? null, size: file?.size ?? null, modifiedAt: file?.modifiedAt ?? null });
  }
  return packed;
};

/** The zip's bytes as a stream: the 清单 first, then every file present, each read from the storage when its turn comes. */
const zipStream = (ctx: AppContext, entries: readonly PackedEntry[]): Readable => {
  const { storage, config } = ctx;
  // Stored, not deflated: the documents are JPEG, PNG, PDF and Office files, already compressed, so
  // deflating 2,000 of them would spend the server's CPU for a few percent.
  // Entry times are the Date's UTC fields (forceLocalTime off), which zipEntryDate sets to the office's
  // wall clock: the process's own zone never enters.
  const archive = new ZipArchive({ store: true, forceLocalTime: false });
  // Until the store reads it, a failure must not be an unhandled 'error': the put sees it as the stream's.
  archive.on('error', () => undefined);
  const failed = new Promise<never>((_, reject) => archive.once('error', reject));
  failed.catch(() => undefined);
  /**
   * One entry at a time: archiver pipes a stream it is given at once (into a buffer of its own), so
   * handing it 2,000 files up front opens all of them and holds the first pieces of each (600 MiB for
   * the bench's contract). The next file is opened when the previous one is in the zip.
   */
  const add = async (source: Readable, name: string, instant: Date) => {
    const added = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
    archive.append(source, { name, date: zipEntryDate(instant, config.timeZone) });
    await Promise.race([added, failed]);
  };
  const fill = async () => {
    await add(workbookStream([manifestSheet(entries)], config.timeZone), manifestLabels.fileName, new Date());
    for (const entry of entries) {
      if (!entry.key) continue;
      const source = await storage.open(entry.key);
      // Gone since it was listed (removed by hand): half a zip is not a download.
      if (!source) throw new Error(`downloads: ${entry.url} disappeared while zipping`);
      await add(source, entry.entryName, entry.modifiedAt ?? new Date());
    }
    await archive.finalize();
  };
  // A failure ends the zip as an error, never as an end (which would store half a zip).
  fill().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
};

export const downloadContract = async (ctx: AppContext, orderId: number): Promise<DownloadsAnswer> => {
  const order = await findZipOrder(ctx.db, orderId);
  if (!order) throw notFound(downloadsMessages.orderUnknown);
  if (order.status !== FINISHED_ORDER_STATUS) throw conflict(downloadsMessages.notFinished);

  const entries = await packedEntries(ctx, order);
  // The same documents answer the same zip; a new one is built only when they changed (zip-cache.ts).
  return contractZip(ctx, ctx.storage, order.id, entries, async (key) => {
    await ctx.storage.put(key, zipStream(ctx, entries), { ifAbsent: true });
  });
};
