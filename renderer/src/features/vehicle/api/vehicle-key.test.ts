import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../../../contract/history';
import { vehicleHistoryQuery } from '../../../api/history';
import { vehicleFileQuery, vehicleKey } from '../../../api/vehicle-file';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleFileAnswer } from '../../../testing/vehicle-file-answer';

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

describe('a car’s data in the cache', () => {
  it('reads the file and the history pages of one car, all under that car’s key', async () => {
    server.on('GET /api/vehicle/7/file', envelope(200, vehicleFileAnswer({ id: 7, vin: 'LSVAA4182E2100002' })));
    server.on('GET /api/vehicle/8/file', envelope(200, vehicleFileAnswer({ id: 8, vin: 'LSVAA4182E2100003' })));
    server.on(
      'GET /api/history',
      envelope(200, { data: [correction], meta: { total: 21, page: 2, limit: 20 }, total: 21 }),
    );
    const client = new QueryClient();
    const file = await client.fetchQuery(vehicleFileQuery(7));
    expect(file.vehicle.vin).toBe('LSVAA4182E2100002');
    const history = await client.fetchQuery(vehicleHistoryQuery(7, 2));
    expect(history.data).toEqual([correction]);
    expect(Object.fromEntries(server.requests.at(-1)?.query ?? [])).toEqual({ vehicle_id: '7', page: '2' });
    await client.fetchQuery(vehicleFileQuery(8));

    // A save from the file makes that car's file and every history page stale, and no other car's.
    await client.invalidateQueries({ queryKey: vehicleKey(7), refetchType: 'none' });
    expect(client.getQueryState(vehicleFileQuery(7).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(vehicleHistoryQuery(7, 2).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(vehicleFileQuery(8).queryKey)?.isInvalidated).toBe(false);
  });
});
