import type { Paged } from '../../../../contract/common';
import {
  type HistoryEvent,
  type HistoryQuery,
  TEXT_KEYED_ENTITIES,
  type HistoryChange,
} from '../../../../contract/history';
import type { AppContext } from '../../app-context';
import { pageByIds, pageWithTotal } from '../../db/list-page';
import { paged } from '../../envelope';
import { fieldLabel } from './history-fields';
import { countHistory, type HistoryTarget, pageHistoryIds, readHistoryEvents } from './history.repository';
import type { StoredChange } from './record-history';
import { formatTimestamp } from '../../time';

/** The query has passed the contract: either vehicle_id, or entity and id (digits unless text-keyed). */
const targetOf = (query: HistoryQuery): HistoryTarget => {
  if (query.vehicle_id !== undefined) return { vehicleId: query.vehicle_id };
  const entity = query.entity as NonNullable<HistoryQuery['entity']>;
  const id = query.id ?? '';
  return { entity, id: TEXT_KEYED_ENTITIES.includes(entity) ? id : String(Number(id)) };
};

/** GET /api/history: a page of events, newest first, each with its changed fields labelled. */
export const listHistory = async ({ db, config }: AppContext, query: HistoryQuery): Promise<Paged<HistoryEvent>> => {
  const target = targetOf(query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await pageWithTotal(
    offset,
    query.limit,
    () => pageByIds(pageHistoryIds(db, target, offset, query.limit), (ids) => readHistoryEvents(db, ids)),
    () => countHistory(db, target),
  );
  return paged(
    rows.map((row) => ({
      id: row.id,
      at: formatTimestamp(row.at, config.timeZone),
      by: row.user_id === null || row.nickname === null ? null : { id: row.user_id, nickname: row.nickname },
      action: row.action,
      entity: row.entity,
      entity_id:
        row.entity_id === null || TEXT_KEYED_ENTITIES.includes(row.entity) ? row.entity_id : Number(row.entity_id),
      changes: (JSON.parse(row.changes) as StoredChange[]).map((change): HistoryChange => ({
        ...change,
        label: fieldLabel(row.entity, change.field),
      })),
    })),
    total,
    query.page,
    query.limit,
  );
};
