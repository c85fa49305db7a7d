import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../../../contract/history';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleHistoryQuery, vehicleHistoryQueryKey } from './vehicle-history';

const server = scriptedApiForEachTest();

const correction: HistoryEvent = {
  id: 31,
  at: '2026-11-25 10:02:00',
  by: { id: 1, nickname: '王' },
  action: 'update',
  entity: 'vin_alter',
  entity_id: 4,
  changes: [{ field: 'vin', label: '车架号', before: 'LSVAA4182E2100001', after: 'LSVAA4182E2100002' }],
};

describe('a vehicle’s history', () => {
  it('asks GET /api/history for that car’s page and answers its events, newest first as sent', async () => {
    server.on(
      'GET /api/history',
      envelope(200, { data: [correction], meta: { total: 21, page: 2, limit: 20 }, total: 21 }),
    );
    const client = new QueryClient();
    const page = await client.fetchQuery(vehicleHistoryQuery(7, 2));
    expect(page.data).toEqual([correction]);
    expect(page.total).toBe(21);
    const [seen] = server.requests;
    expect(seen?.path).toBe('/api/history');
    expect(Object.fromEntries(seen?.query ?? [])).toEqual({ vehicle_id: '7', page: '2' });
  });

  it('keeps every page under the car’s key, so a write to that car makes all of them stale', async () => {
    server.on('GET /api/history', envelope(200, { data: [], meta: { total: 0, page: 1, limit: 20 }, total: 0 }));
    const client = new QueryClient();
    await client.fetchQuery(vehicleHistoryQuery(7, 1));
    await client.fetchQuery(vehicleHistoryQuery(8, 1));
    await client.invalidateQueries({ queryKey: vehicleHistoryQueryKey(7), refetchType: 'none' });
    expect(client.getQueryState(vehicleHistoryQuery(7, 1).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(vehicleHistoryQuery(8, 1).queryKey)?.isInvalidated).toBe(false);
  });
});
