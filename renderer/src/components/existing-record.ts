import { isHttpError } from '../api/http-client';

/**
 * The record a refused add names (DOMAIN.md: a vehicle has at most one record per stage, so a second
 * `…Add` answers 409 `车辆 … 已有<记录>，请编辑原记录` with that record's id in `data.id`): its id, or
 * nothing for any other failure.
 */
export function existingRecordId(error: unknown): number | undefined {
  if (!isHttpError(error) || error.status !== 409) return undefined;
  const id = (error.data as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}
