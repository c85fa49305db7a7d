import type { Paged } from '../../../../contract/common';
import {
  type VinCorrection,
  type VinCorrectionAnswer,
  vinCorrectionMessages,
  type VinCorrectionListQuery,
} from '../../../../contract/vin-correction';
import type { Actor, AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { paged } from '../../envelope';
import { conflict, unprocessable } from '../../http-errors';
import { formatTimestamp, nextUpdatedAt, nowIso } from '../../time';
import { recordHistory } from '../../platform/history/record-history';
import { findVehicleByVin, updateVehicle } from '../vehicle/vehicle.repository';
import { countVinCorrections, insertVinCorrection, listVinCorrections } from './vin-correction.repository';
import { pageWithTotal } from '../../db/list-page';

export const listCorrections = async (
  { db, config }: AppContext,
  query: VinCorrectionListQuery,
): Promise<Paged<VinCorrection>> => {
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => listVinCorrections(db, query.vinNew, offset, query.limit),
    () => countVinCorrections(db, query.vinNew),
  );
  return paged(
    rows.map((row) => ({
      id: row.id,
      vin_old: row.vin_old,
      vin_new: row.vin_new,
      users: row.nickname === null ? null : { nickname: row.nickname },
      created_at: formatTimestamp(row.created_at, config.timeZone),
    })),
    total,
    query.page,
    query.limit,
  );
};

/**
 * Corrects a VIN on the one vehicle row (DOMAIN.md), so every contract and record follows; the old and
 * new VIN, the reason given and who corrected it are kept. `vinOld` and `vinNew` arrive trimmed and upper-cased.
 */
export const correctVin = async (
  { db }: AppContext,
  body: { vinOld: string; vinNew: string; reason?: string | undefined },
  actor: Actor,
): Promise<VinCorrectionAnswer> => {
  if (body.vinOld === body.vinNew) throw unprocessable(vinCorrectionMessages.sameVin, 'vinNew');
  try {
    return await db.transaction().execute(async (trx) => {
      const vehicle = await findVehicleByVin(trx, body.vinOld);
      if (!vehicle) throw unprocessable(vinCorrectionMessages.vinOldUnknown, 'vinOld');
      if (await findVehicleByVin(trx, body.vinNew)) throw conflict(vinCorrectionMessages.vinNewInUse);
      await updateVehicle(trx, vehicle.id, { vin: body.vinNew, updated_at: nextUpdatedAt(vehicle.updated_at) });
      const id = await insertVinCorrection(trx, {
        vehicle_id: vehicle.id,
        vin_old: vehicle.vin,
        vin_new: body.vinNew,
        user_id: actor.userId,
        reason: body.reason ?? null,
        created_at: nowIso(),
      });
      await recordHistory(trx, actor, {
        action: 'correct_vin',
        entity: 'vin_alter',
        entityId: id,
        before: { vin: vehicle.vin },
        after: { vin: body.vinNew, reason: body.reason ?? null },
        vehicleIds: [vehicle.id],
      });
      return { id };
    });
  } catch (error) {
    // Another vehicle took the new VIN between the check and the update.
    if (isUniqueViolation(error)) throw conflict(vinCorrectionMessages.vinNewInUse);
    throw error;
  }
};
