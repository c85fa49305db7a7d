import { beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { messages } from '../../../../contract/common';
import { filedMessages } from '../../../../contract/filed';
import { stageMessages } from '../../../../contract/stage';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import {
  archiveForm,
  completeFiling,
  contractInFiling,
  drawbackForm,
  type FilingFiles,
  freightForm,
  uploadFilingFiles,
  walkPurchaseToFiling,
} from '../../../../tests/helpers/filed';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { carLine, orderForm, vin } from '../../../../tests/helpers/overseas';
import { purchaseCar } from '../../../../tests/helpers/purchase';
import { daysBetween, today } from '../../lifecycle/deadline-clock';

// Contract statuses as DOMAIN.md gives them: 2 handed to purchasing, 6 finished.
describe('filing (归档): tax refund, deregistration, freight, the filed list and the finished contract', () => {
  const app = contractAppForEachTest({ files: ['overseas', 'purchase'] });
  const { t, call, staff, createOrder, readOrder, vehicleOf, overseasFiles } = app;
  let files: FilingFiles;
  beforeEach(async () => {
    files = await uploadFilingFiles(t.app, staff.token);
  });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => ({
    status: response.statusCode,
    message: response.json().message,
  });
  const values = async (vinText: string) => {
    const row = await vehicleOf(vinText);
    return { drawback: row?.drawback, archive: row?.archive, freight: row?.freight };
  };
  const statusOf = async (orderId: number) => (await readOrder(orderId)).status as number;
  const post = async (url: string, body: object | string, headers?: Record<string, string>) => {
    const response = await call('POST', url, body, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const read = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const list = (query = '') => read(`/api/car/archiveLists${query ? `?${query}` : ''}`);

  it('records tax refund, deregistration and freight; the contract finishes (6) with its last record, as the record view shows', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-F-1', [vin(1), vin(2)]);
    expect(await statusOf(orderId)).toBe(2);

    // The spec's form posts: vin[]=…, lower-case VINs read as upper case.
    const body = formEncode(drawbackForm(orderId, [vin(1).toLowerCase(), vin(2)])).join('&');
    const drawback = await call('POST', '/api/car/drawbackAdd', body, FORM);
    expect(drawback.statusCode, drawback.body).toBe(200);
    expect(drawback.json()).toMatchObject({ code: 200, message: '新建成功', data: { id: expect.any(Number) } });
    expect(await values(vin(1))).toEqual({ drawback: 2, archive: 0, freight: 0 });

    const archiveId = await post('/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(1), vin(2)]));
    // Freight without its payment slip: saved, but freight stays 1 (documents missing).
    const freightId = await post('/api/car/freightAdd', freightForm(files.filed, orderId, [vin(1), vin(2)], 1));
    expect(await values(vin(2))).toEqual({ drawback: 2, archive: 2, freight: 1 });
    expect(await statusOf(orderId)).toBe(2);

    const freight = await read(`/api/car/freightSingle?freightId=${freightId}`);
    expect(freight).toMatchObject({
      id: freightId,
      freight_id: freightId,
      order_id: orderId,
      order_no: 'HW-F-1',
      customer_name: 'Global Motors LLC',
      freightcar: [
        { car_id: (await vehicleOf(vin(1)))!.id, vin: vin(1), model: expect.any(String) },
        { car_id: (await vehicleOf(vin(2)))!.id, vin: vin(2), model: expect.any(String) },
      ],
      yffp_image: files.filed.invoice,
      yffkd_image: null,
      car_image: files.filed.photos,
      carimage: files.filed.photos.map((image_url) => ({ image_url })),
      created_at: expect.stringMatching(/\+08:00$/),
    });

    // The last document: freight becomes 2 for both, and the contract 6 in the same save.
    const edited = await call(
      'POST',
      '/api/car/freightEdit',
      freightForm(files.filed, orderId, [vin(1), vin(2)], 2, { freight_id: freightId, updated_at: freight.updated_at }),
    );
    expect(edited.json()).toMatchObject({ code: 200, message: '编辑成功', data: { id: freightId } });
    expect(await values(vin(1))).toEqual({ drawback: 2, archive: 2, freight: 2 });
    expect(await statusOf(orderId)).toBe(6);
    const finish = await historyEvents(t.db, { entity: 'order', entityId: orderId, action: 'finish' });
    expect(finish.map((row) => row.changed)).toEqual([{ status: [2, 6] }]);

    // The contract's record view (part 1) and archiveRead show the records as made.
    const order = await readOrder(orderId);
    expect(order.drawback).toHaveLength(1);
    expect(order.archive).toEqual([
      expect.objectContaining({ id: archiveId, zxzm_image: files.filed.certificate, archivecar: expect.any(Array) }),
    ]);
    expect(order.freight[0]).toMatchObject({ id: freightId, yffkd_image: files.filed.paymentSlip });
    const archives = await read(`/api/car/archiveRead?orderId=${orderId}`);
    expect(archives).toEqual([
      expect.objectContaining({
        id: archiveId,
        archive_id: archiveId,
        order_no: 'HW-F-1',
        zxzm_image: files.filed.certificate,
        archivecar: [expect.objectContaining({ vin: vin(1) }), expect.objectContaining({ vin: vin(2) })],
      }),
    ]);
    expect(await read(`/api/car/archiveSingle?archiveId=${archiveId}`)).toEqual(archives[0]);
    expect(await read('/api/car/archiveRead?orderId=99999')).toEqual([]);
    expect((await call('GET', '/api/car/archiveSingle?archiveId=99999')).statusCode).toBe(404);
    expect((await call('GET', '/api/car/freightSingle?freightId=99999')).statusCode).toBe(404);

    // The filed card says finished: 下载 is offered.
    expect((await list()).data[0]).toMatchObject({ id: orderId, status: 6, finished: true, car_count: 2 });
  });

  it('leaves status 6 when a freight document is cleared (freight 1) or a vehicle is added, and finishes again', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-F-2', [vin(1), vin(2)]);
    const { freightId } = await completeFiling(app, files, orderId, [vin(1), vin(2)]);
    expect(await statusOf(orderId)).toBe(6);

    // The clerk removes the payment slip from the freight record: no longer complete, back to 2.
    const freight = await read(`/api/car/freightSingle?freightId=${freightId}`);
    await post(
      '/api/car/freightEdit',
      freightForm(files.filed, orderId, [vin(1), vin(2)], 1, { freight_id: freightId, updated_at: freight.updated_at }),
    );
    expect(await values(vin(2))).toEqual({ drawback: 2, archive: 2, freight: 1 });
    expect(await statusOf(orderId)).toBe(2);
    const again = await read(`/api/car/freightSingle?freightId=${freightId}`);
    await post(
      '/api/car/freightEdit',
      freightForm(files.filed, orderId, [vin(1), vin(2)], 2, { freight_id: freightId, updated_at: again.updated_at }),
    );
    expect(await statusOf(orderId)).toBe(6);

    // A vehicle added to the finished overseas contract reopens it (status 2) in the contract's own save.
    const before = await readOrder(orderId);
    const added = await call('PUT', `/api/order/${orderId}`, {
      ...orderForm(overseasFiles, {
        order_no: 'HW-F-2',
        customer_id: before.customer_id,
        amount: 3,
        cars: [
          ...before.cars.map((car: { id: number; vin: string }) => carLine(car.vin, { id: car.id })),
          carLine(vin(3)),
        ],
      }),
      updated_at: before.updated_at,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await statusOf(orderId)).toBe(2);

    // Taking the new vehicle off again leaves only complete vehicles: finished once more.
    const reopened = await readOrder(orderId);
    const removed = await call('PUT', `/api/order/${orderId}`, {
      ...orderForm(overseasFiles, {
        order_no: 'HW-F-2',
        customer_id: reopened.customer_id,
        amount: 3,
        cars: before.cars.map((car: { id: number; vin: string }) => carLine(car.vin, { id: car.id })),
      }),
      updated_at: reopened.updated_at,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await statusOf(orderId)).toBe(6);
  });

  // DOMAIN.md: a vehicle is complete when its tax refund, deregistration AND freight are; freight being last
  // everywhere else, each of the other two is here the one a vehicle lacks when the last freight is saved.
  it.each([
    { lacking: 'drawback', label: '退税' },
    { lacking: 'archive', label: '注销' },
  ])(
    'a contract whose car lacks its $label stays 2 after a complete freight for all, and its zip is refused',
    async ({ lacking }) => {
      const { orderId } = await contractInFiling(app, files, `HW-F-L-${lacking}`, [vin(1), vin(2)]);
      const both = [vin(1), vin(2)];
      await post('/api/car/drawbackAdd', drawbackForm(orderId, lacking === 'drawback' ? [vin(2)] : both));
      await post('/api/car/archiveAdd', archiveForm(files.filed, orderId, lacking === 'archive' ? [vin(2)] : both));
      await post('/api/car/freightAdd', freightForm(files.filed, orderId, both, 2));
      expect(await values(vin(1))).toEqual({
        drawback: lacking === 'drawback' ? 0 : 2,
        archive: lacking === 'archive' ? 0 : 2,
        freight: 2,
      });
      expect(await values(vin(2))).toEqual({ drawback: 2, archive: 2, freight: 2 });
      expect(await statusOf(orderId)).toBe(2);
      const zip = await call('GET', `/api/car/downloads?orderId=${orderId}`);
      expect([zip.statusCode, zip.json().message]).toEqual([
        409,
        '该合同尚未完成归档：所有车辆的退税、注销、运费都完成后才能下载资料',
      ]);

      // The missing record made: the contract finishes and its zip is given (the refusal was for that car).
      if (lacking === 'drawback') await post('/api/car/drawbackAdd', drawbackForm(orderId, [vin(1)]));
      else await post('/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(1)]));
      expect(await statusOf(orderId)).toBe(6);
      expect((await call('GET', `/api/car/downloads?orderId=${orderId}`)).statusCode).toBe(200);
    },
  );

  it('says the spec’s messages (422 naming the field) and refuses files not uploaded for the slot', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-F-3', [vin(1)]);
    const never = '/storage/document/2026/11/never-uploaded.pdf';
    const photo = files.filed.photos[0]!;
    const cases: [string, object, number, string, string?][] = [
      ['drawbackAdd', drawbackForm(orderId, []), 422, '请先选择要退税的车辆', 'vin'],
      ['drawbackAdd', drawbackForm(orderId, [vin(1)], { order_id: '' }), 422, filedMessages.orderRequired, 'order_id'],
      ['drawbackAdd', drawbackForm(99999, [vin(1)]), 422, filedMessages.orderUnknown, 'order_id'],
      ['drawbackAdd', drawbackForm(orderId, ['LSV00000000000OO1']), 422, filedMessages.vinFormat],
      ['drawbackAdd', drawbackForm(orderId, [vin(9)]), 404, filedMessages.vehicleUnknown(vin(9))],
      ['archiveAdd', archiveForm(files.filed, orderId, []), 422, '请先选择要注销的车辆', 'vin'],
      [
        'archiveAdd',
        archiveForm(files.filed, orderId, [vin(1)], { zxzm_image: '' }),
        422,
        '请上传注销证明',
        'zxzm_image',
      ],
      [
        'archiveAdd',
        archiveForm(files.filed, orderId, [vin(1)], { zxzm_image: never }),
        422,
        filedMessages.fileNotUploaded,
      ],
      // A photo upload named as the certificate.
      [
        'archiveAdd',
        archiveForm(files.filed, orderId, [vin(1)], { zxzm_image: photo }),
        422,
        filedMessages.fileNotUploaded,
      ],
      ['freightAdd', freightForm(files.filed, orderId, []), 422, filedMessages.freightVinRequired, 'vin'],
      [
        'freightAdd',
        freightForm(files.filed, orderId, [vin(1)], 2, { car_image: Array.from({ length: 10 }, () => photo) }),
        422,
        '其他照片最多上传9张',
      ],
      // A document named as a photo.
      [
        'freightAdd',
        freightForm(files.filed, orderId, [vin(1)], 2, { car_image: [files.filed.invoice] }),
        422,
        filedMessages.fileNotUploaded,
      ],
      [
        'freightAdd',
        freightForm(files.filed, orderId, [vin(1)], 2, { yffp_image: never }),
        422,
        filedMessages.fileNotUploaded,
      ],
    ];
    for (const [endpoint, body, status, message, field] of cases) {
      const response = await call('POST', `/api/car/${endpoint}`, body);
      expect(refusal(response), `${endpoint} ${JSON.stringify(body)}`).toEqual({ status, message });
      if (field) expect(response.json().data.errors?.[field], `${endpoint} ${field}`).toEqual([message]);
    }
    // Nothing was saved by any of them.
    expect(await values(vin(1))).toEqual({ drawback: 0, archive: 0, freight: 0 });
    const edits: [string, object, string][] = [
      ['archiveEdit', archiveForm(files.filed, orderId, [vin(1)]), filedMessages.archiveIdRequired],
      ['freightEdit', freightForm(files.filed, orderId, [vin(1)]), filedMessages.freightIdRequired],
    ];
    for (const [endpoint, body, message] of edits) {
      expect(refusal(await call('POST', `/api/car/${endpoint}`, body))).toEqual({ status: 422, message });
    }
    expect(refusal(await call('GET', '/api/car/archiveSingle'))).toEqual({
      status: 422,
      message: filedMessages.archiveIdRequired,
    });
  });

  it('refuses a vehicle of another contract, one not yet in filing, and one already holding a record of the stage', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-F-4', [vin(1), vin(2)]);
    const other = await contractInFiling(app, files, 'HW-F-5', [vin(5)]);
    // A third vehicle of HW-F-4 bought but still in the yard (pickup).
    const before = await readOrder(orderId);
    expect(
      (
        await call('PUT', `/api/order/${orderId}`, {
          ...orderForm(overseasFiles, {
            order_no: 'HW-F-4',
            customer_id: before.customer_id,
            amount: 3,
            cars: [
              ...before.cars.map((car: { id: number; vin: string }) => carLine(car.vin, { id: car.id })),
              carLine(vin(3)),
            ],
          }),
          updated_at: before.updated_at,
        })
      ).statusCode,
    ).toBe(200);
    const purchaseId = await app.createPurchase({
      order_id: orderId,
      purchase_no: 'CG-F-4B',
      amount: 1,
      car: [purchaseCar(vin(3))],
    });
    expect((await call('PUT', `/api/purchase/${purchaseId}/handOver`)).statusCode).toBe(200);

    for (const [endpoint, body] of [
      ['drawbackAdd', drawbackForm(orderId, [vin(1), vin(5)])],
      ['archiveAdd', archiveForm(files.filed, orderId, [vin(5)])],
      ['freightAdd', freightForm(files.filed, orderId, [vin(5), vin(1)])],
    ] as const) {
      expect(refusal(await call('POST', `/api/car/${endpoint}`, body)), endpoint).toEqual({
        status: 422,
        message: filedMessages.notOnOrder(vin(5), 'HW-F-4'),
      });
    }
    // Not yet in filing: the lifecycle says where it is.
    expect(
      refusal(await call('POST', '/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(1), vin(3)]))),
    ).toEqual({ status: 409, message: stageMessages.wrongFlow(vin(3), 'pickup', 'archive') });
    expect(await values(vin(1))).toEqual({ drawback: 0, archive: 0, freight: 0 });

    // Already refunded: a second tax refund of the vehicle is refused (edit the original).
    await post('/api/car/drawbackAdd', drawbackForm(orderId, [vin(1)]));
    expect(refusal(await call('POST', '/api/car/drawbackAdd', drawbackForm(orderId, [vin(2), vin(1)])))).toEqual({
      status: 409,
      message: '车辆 ' + vin(1) + ' 已有退税记录，请编辑原记录',
    });
    await post('/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(2)]));
    expect(refusal(await call('POST', '/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(2)])))).toEqual({
      status: 409,
      message: filedMessages.alreadyRecorded(vin(2), 'archive'),
    });
    await post('/api/car/freightAdd', freightForm(files.filed, orderId, [vin(1)]));
    expect(refusal(await call('POST', '/api/car/freightAdd', freightForm(files.filed, orderId, [vin(1)])))).toEqual({
      status: 409,
      message: filedMessages.alreadyRecorded(vin(1), 'freight'),
    });
    // The other contract's vehicle was never touched.
    expect(await values(vin(5))).toEqual({ drawback: 0, archive: 0, freight: 0 });
    expect(await statusOf(other.orderId)).toBe(2);

    // carLists answers what each form's transfer list offers: the vehicles in filing still lacking the record.
    const lacking = async (flag: string) =>
      (await read(`/api/car/carLists?order_id=${orderId}&${flag}=1`)).map((car: { vin: string }) => car.vin);
    expect(await lacking('if_drawback')).toEqual([vin(2)]);
    expect(await lacking('if_archive')).toEqual([vin(1)]);
    expect(await lacking('if_freight')).toEqual([vin(2)]);
  });

  it('edits replace the vehicle list (a dropped vehicle goes back to 0), keep the contract and refuse a stale form', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-F-6', [vin(1), vin(2)]);
    const other = await contractInFiling(app, files, 'HW-F-7', [vin(7)]);
    const archiveId = await post('/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(1), vin(2)]));
    const freightId = await post('/api/car/freightAdd', freightForm(files.filed, orderId, [vin(1), vin(2)]));
    const archive = await read(`/api/car/archiveSingle?archiveId=${archiveId}`);
    const freight = await read(`/api/car/freightSingle?freightId=${freightId}`);

    // Another contract on edit: refused (the form shows it locked).
    expect(
      refusal(
        await call(
          'POST',
          '/api/car/archiveEdit',
          archiveForm(files.filed, other.orderId, [vin(7)], { archive_id: archiveId, updated_at: archive.updated_at }),
        ),
      ),
    ).toEqual({ status: 422, message: filedMessages.orderLocked });

    await post(
      '/api/car/archiveEdit',
      archiveForm(files.filed, orderId, [vin(2)], { archive_id: archiveId, updated_at: archive.updated_at }),
    );
    expect(await values(vin(1))).toMatchObject({ archive: 0 });
    expect(await values(vin(2))).toMatchObject({ archive: 2 });
    expect((await read(`/api/car/archiveSingle?archiveId=${archiveId}`)).archivecar).toEqual([
      expect.objectContaining({ vin: vin(2) }),
    ]);
    // The form read before that edit is stale now.
    expect(
      refusal(
        await call(
          'POST',
          '/api/car/archiveEdit',
          archiveForm(files.filed, orderId, [vin(1), vin(2)], {
            archive_id: archiveId,
            updated_at: archive.updated_at,
          }),
        ),
      ),
    ).toEqual({ status: 409, message: messages.staleRecord });
    // The dropped vehicle may take a record of its own again.
    await post('/api/car/archiveAdd', archiveForm(files.filed, orderId, [vin(1)]));
    expect(await values(vin(1))).toMatchObject({ archive: 2 });

    // Freight: vin(2) dropped, the photos replaced; the kept files need not be uploaded again.
    await post(
      '/api/car/freightEdit',
      freightForm(files.filed, orderId, [vin(1)], 2, {
        freight_id: freightId,
        car_image: [files.filed.photos[1]],
        updated_at: freight.updated_at,
      }),
    );
    expect(await values(vin(2))).toMatchObject({ freight: 0 });
    expect(await read(`/api/car/freightSingle?freightId=${freightId}`)).toMatchObject({
      freightcar: [expect.objectContaining({ vin: vin(1) })],
      car_image: [files.filed.photos[1]],
    });
    expect(
      refusal(
        await call(
          'POST',
          '/api/car/freightEdit',
          freightForm(files.filed, orderId, [vin(1)], 2, { freight_id: 99999, updated_at: freight.updated_at }),
        ),
      ).status,
    ).toBe(404);
  });

  it('archiveLists: one card per contract with vehicles in filing, newest first, filtered by each status and text, 15 a page', async () => {
    // HW-L-1: vin(1) complete, vin(2) refunded only. HW-L-2: nothing done yet. HW-L-3: still at release.
    const first = await contractInFiling(app, files, 'HW-L-1', [vin(1), vin(2)]);
    await completeFiling(app, files, first.orderId, [vin(1)]);
    await post('/api/car/drawbackAdd', drawbackForm(first.orderId, [vin(2)]));
    const second = await contractInFiling(app, files, 'HW-L-2', [vin(3)]);
    await createOrder({ order_no: 'HW-L-3', amount: 1, cars: [carLine(vin(4))] });
    // A freight record without its payment slip: freight 1 counts as not complete.
    await post('/api/car/freightAdd', freightForm(files.filed, second.orderId, [vin(3)], 1));

    const page = await list();
    expect(page).toMatchObject({ total: 2, meta: { total: 2, page: 1, limit: 15 } });
    expect(page.data).toEqual([
      {
        id: second.orderId,
        order_no: 'HW-L-2',
        customer_name: 'Global Motors LLC',
        customer: { name: 'Global Motors LLC' },
        status: 2,
        amount: 1,
        car_count: 1,
        finished: false,
        car: [
          {
            id: (await vehicleOf(vin(3)))!.id,
            vin: vin(3),
            model: expect.any(String),
            drawback: 0,
            archive: 0,
            freight: 1,
            // Its most urgent open filing deadline: 注销, 30 days from the export date (issue 25).
            deadline: {
              key: 'archive',
              label: '注销',
              due_on: '2026-12-20',
              days_left: daysBetween(today(), '2026-12-20'),
            },
          },
        ],
        created_at: expect.stringMatching(/\+08:00$/),
      },
      expect.objectContaining({
        id: first.orderId,
        car_count: 2,
        car: [
          expect.objectContaining({ vin: vin(1), drawback: 2, archive: 2, freight: 2 }),
          expect.objectContaining({ vin: vin(2), drawback: 2, archive: 0, freight: 0 }),
        ],
      }),
    ]);

    const numbers = async (query: string) =>
      (await list(query)).data.map((card: { order_no: string }) => card.order_no);
    expect(await numbers('drawback=2')).toEqual(['HW-L-1']);
    expect(await numbers('drawback=0')).toEqual(['HW-L-2']);
    expect(await numbers('archive=2')).toEqual([]);
    expect(await numbers('archive=0')).toEqual(['HW-L-2', 'HW-L-1']);
    expect(await numbers('freight=0')).toEqual(['HW-L-2', 'HW-L-1']);
    expect(await numbers('drawback=2&archive=0')).toEqual(['HW-L-1']);
    expect(await numbers('drawback=0&freight=2')).toEqual([]);
    // The text filters: a VIN part finds its contract's card with all its vehicles in filing.
    expect(await numbers(`vin=${vin(2).slice(-6)}`)).toEqual(['HW-L-1']);
    expect((await list(`vin=${vin(2).slice(-6).toLowerCase()}`)).data[0].car).toHaveLength(2);
    expect(await numbers(`vin=${vin(4).slice(-6)}`)).toEqual([]);
    expect(await numbers('order_no=L-2')).toEqual(['HW-L-2']);
    expect(await numbers('order_no=L-3')).toEqual([]);
    expect(await numbers('order_no=HW-L&drawback=2')).toEqual(['HW-L-1']);
    expect(await list('order_no=L-1&limit=1&page=1')).toMatchObject({ total: 1 });
    // Paged: the second page of one card.
    expect(await list('limit=1&page=2')).toMatchObject({
      total: 2,
      data: [expect.objectContaining({ order_no: 'HW-L-1' })],
    });
    expect(await list('limit=1&page=3')).toMatchObject({ total: 2, data: [] });
    expect(refusal(await call('GET', '/api/car/archiveLists?drawback=1'))).toEqual({
      status: 422,
      message: filedMessages.status,
    });
  });

  it('walks a second purchase contract of the same overseas contract into filing: the contract is finished only when all its vehicles are', async () => {
    const { orderId } = await contractInFiling(app, files, 'HW-F-8', [vin(1)]);
    const before = await readOrder(orderId);
    expect(
      (
        await call('PUT', `/api/order/${orderId}`, {
          ...orderForm(overseasFiles, {
            order_no: 'HW-F-8',
            customer_id: before.customer_id,
            amount: 2,
            cars: [carLine(vin(1), { id: before.cars[0].id }), carLine(vin(2))],
          }),
          updated_at: before.updated_at,
        })
      ).statusCode,
    ).toBe(200);
    await completeFiling(app, files, orderId, [vin(1)]);
    expect(await statusOf(orderId)).toBe(2);
    await walkPurchaseToFiling(app, files, orderId, 'CG-F-8B', [vin(2)]);
    await completeFiling(app, files, orderId, [vin(2)]);
    expect(await statusOf(orderId)).toBe(6);
  });
});
