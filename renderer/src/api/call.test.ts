import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../../contract/endpoint';
import { overseasEndpoints } from '../../../contract/overseas';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { call } from './call';
import { ApiError } from './http-client';

const server = scriptedApiForEachTest();

/** A description with a text path parameter, to see it encoded. */
const folderFiles = endpoint({
  method: 'GET',
  path: '/api/folder/:name/files',
  query: z.object({ kind: z.string().optional(), page: z.number().optional() }),
  response: z.array(z.object({ id: z.number() })),
});

describe('call()', () => {
  it('is typed from the description: a missing path parameter or body does not compile', () => {
    // Never run: the type checker reads these lines.
    const unchecked = () => {
      // @ts-expect-error the path's :id is required
      void call(overseasEndpoints.get, {});
      // @ts-expect-error a create needs its body
      void call(overseasEndpoints.create, {});
      void call(overseasEndpoints.all);
    };
    expect(typeof unchecked).toBe('function');
  });

  it('fills the path parameters, encoded, sends the query and the token, and answers the envelope’s data', async () => {
    server.on('GET /api/folder/A%2FB%20%E5%90%88%E5%90%8C/files', envelope(200, [{ id: 3 }]));
    const answer = await call(folderFiles, { params: { name: 'A/B 合同' }, query: { kind: 'pdf', page: 2 } });
    expect(answer).toEqual([{ id: 3 }]);
    const [seen] = server.requests;
    expect(seen?.method).toBe('GET');
    expect(seen?.path).toBe('/api/folder/A%2FB%20%E5%90%88%E5%90%8C/files');
    expect(Object.fromEntries(seen?.query ?? [])).toEqual({ kind: 'pdf', page: '2' });
    expect(seen?.authorization).toBe('Bearer live-token');
  });

  it('sends a body with the described method to the filled path, and rejects with the server’s reason', async () => {
    server.on('POST /api/order/42/receipt', (request) =>
      envelope(201, { id: (request.body as { receipt_no: string }).receipt_no === 'SK-1' ? 9 : 0 }),
    );
    const created = await call(overseasEndpoints.createReceipt, {
      params: { id: 42 },
      body: {
        amount: 100,
        currency: 'USD',
        receipt_no: 'SK-1',
        receipted_at: '2026-11-20',
        is_deposit: 0,
        proof: '/storage/a.jpg',
      },
    });
    expect(created).toEqual({ id: 9 });
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/order/42/receipt' });

    server.on(
      'PUT /api/receipt/5',
      envelope(422, { errors: { settlement: ['结汇金额不能为负数'] } }, '结汇金额不能为负数'),
    );
    const refused = await call(
      overseasEndpoints.updateReceipt,
      { params: { id: 5 }, body: { receipt_no: 'SK-1', receipted_at: '2026-11-20', settlement: -100 } },
      { silent: true },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 422, message: '结汇金额不能为负数' });
  });
});
