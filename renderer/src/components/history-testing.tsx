/**
 * For the tests of the screens that show a 变更记录: a scripted `GET /api/history` that answers one event
 * for the record it is given (and nothing for any other), and the query the screen sent.
 */
import type { HistoryEntity, HistoryEvent } from '../../../contract/history';
import { envelope, type ScriptedApiServer } from '../testing/scripted-api-server';

export const historyAnswer = (events: readonly HistoryEvent[], total = events.length, page = 1) =>
  envelope(200, { data: events, meta: { total, page, limit: 15 }, total });

/**
 * Answers `changes` as one 修改 by 李会计 for `entity` `id`, an empty history for any other record; returns
 * the remark the event carries, which the screen must show.
 */
export function scriptRecordHistory(server: ScriptedApiServer, entity: HistoryEntity, id: number): string {
  const remark = `${entity} ${id} 的备注`;
  const event: HistoryEvent = {
    id: 900 + id,
    at: '2026-11-26 14:30:00',
    by: { id: 2, nickname: '李会计' },
    action: 'update',
    entity,
    entity_id: id,
    changes: [{ field: 'remark', label: '备注', before: null, after: remark }],
  };
  server.on('GET /api/history', (request) =>
    request.query.get('entity') === entity && request.query.get('id') === String(id)
      ? historyAnswer([event])
      : historyAnswer([]),
  );
  return remark;
}

/** The query of every `GET /api/history` the screen sent, in order. */
export const historyQueries = (server: ScriptedApiServer): Record<string, string>[] =>
  server.requests
    .filter((request) => request.path === '/api/history')
    .map((request) => Object.fromEntries(request.query));
