import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { loggedInStaff, uploadFixture } from '../../../../tests/helpers/factories';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-errors';
import { assertFileReferences, type FileRules } from './file-references';

const MESSAGE = '文件地址不正确，请重新上传';

/** A record with a list field and a single one, as the overseas contract has. */
const rules: FileRules<'contracts' | 'agreement'> = {
  fields: { contracts: ['contract'], agreement: ['agreement'] },
  message: MESSAGE,
};

let t: TestApp;
let contractPdf: string;
let contractJpg: string;
let agreementZip: string;
let imageJpg: string;
let exportUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  const { token } = await loggedInStaff(t.app);
  contractPdf = await uploadFixture(t.app, token, 'contract', 'scans/deregistration-certificate.pdf');
  contractJpg = await uploadFixture(t.app, token, 'contract', 'scans/customs-declaration.jpg');
  agreementZip = await uploadFixture(t.app, token, 'agreement', 'scans/contract-bundle.zip');
  imageJpg = await uploadFixture(t.app, token, 'image', 'scans/vehicle-exterior.png');
  // A real export file: it exists on disk, but no record may keep it.
  const exported = await t.app.inject({
    method: 'GET',
    url: '/api/order/export',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(exported.statusCode, exported.body).toBe(200);
  exportUrl = exported.json().data.download_url as string;
});

afterAll(async () => {
  await t?.close();
});

/** The 422 the check throws, or null when it passes. */
const refusal = async (...args: Parameters<typeof assertFileReferences<'contracts' | 'agreement'>>) => {
  try {
    await assertFileReferences(...args);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return {
      status: (error as HttpError).statusCode,
      message: (error as HttpError).message,
      data: (error as HttpError).data,
    };
  }
};

describe('assertFileReferences', () => {
  it('accepts files uploaded into the slots the fields allow, and fields left empty', async () => {
    expect(await refusal(t.db, rules, { contracts: [contractPdf, contractJpg], agreement: agreementZip })).toBeNull();
    expect(await refusal(t.db, rules, { contracts: [contractPdf], agreement: undefined })).toBeNull();
    expect(await refusal(t.db, rules, { contracts: [], agreement: null })).toBeNull();
  });

  it('refuses a path never uploaded, naming the list entry or the field', async () => {
    const missing = '/storage/contract/2026/11/0123456789abcdef0123456789abcdef.pdf';
    expect(await refusal(t.db, rules, { contracts: [contractPdf, missing] })).toEqual({
      status: 422,
      message: MESSAGE,
      data: { errors: { 'contracts.1': [MESSAGE] } },
    });
    expect(
      await refusal(t.db, rules, { contracts: [contractPdf], agreement: '/storage/agreement/2026/11/aa.zip' }),
    ).toEqual({
      status: 422,
      message: MESSAGE,
      data: { errors: { agreement: [MESSAGE] } },
    });
  });

  it('refuses a file uploaded into another slot: a photo is not a contract, a contract is not an agreement', async () => {
    expect((await refusal(t.db, rules, { contracts: [imageJpg] }))?.data).toEqual({
      errors: { 'contracts.0': [MESSAGE] },
    });
    expect((await refusal(t.db, rules, { contracts: [agreementZip] }))?.data).toEqual({
      errors: { 'contracts.0': [MESSAGE] },
    });
    expect((await refusal(t.db, rules, { contracts: [contractPdf], agreement: contractPdf }))?.data).toEqual({
      errors: { agreement: [MESSAGE] },
    });
  });

  it('refuses an export file, even one the record already holds', async () => {
    expect(exportUrl).toMatch(/^\/storage\/exports\/.+\.xlsx$/);
    expect((await refusal(t.db, rules, { contracts: [exportUrl] }))?.data).toEqual({
      errors: { 'contracts.0': [MESSAGE] },
    });
    const held = { contracts: [exportUrl], agreement: exportUrl };
    expect(
      (await refusal(t.db, rules, { contracts: [contractPdf, exportUrl], agreement: exportUrl }, held))?.data,
    ).toEqual({ errors: { 'contracts.1': [MESSAGE], agreement: [MESSAGE] } });
  });

  it('keeps accepting a path the record already holds in that field, though it has no upload row', async () => {
    const legacy = '/storage/contract/2025/01/legacy-scan.pdf';
    const legacyAgreement = '/storage/agreement/2025/01/legacy.rar';
    const held = { contracts: [legacy], agreement: legacyAgreement };
    expect(
      await refusal(t.db, rules, { contracts: [legacy, contractPdf], agreement: legacyAgreement }, held),
    ).toBeNull();
    // Held in one field does not make it acceptable in another.
    expect((await refusal(t.db, rules, { contracts: [legacyAgreement] }, held))?.data).toEqual({
      errors: { 'contracts.0': [MESSAGE] },
    });
  });

  it('names every failing field at once, the message of the record', async () => {
    const own: FileRules<'proof' | 'receipt'> = {
      fields: { proof: ['image'], receipt: ['image'] },
      message: '支付证明不正确',
    };
    await expect(
      assertFileReferences(t.db, own, { proof: contractPdf, receipt: '/storage/image/x.jpg' }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: '支付证明不正确',
      data: { errors: { proof: ['支付证明不正确'], receipt: ['支付证明不正确'] } },
    });
    expect(await assertFileReferences(t.db, own, { proof: imageJpg })).toBeUndefined();
  });

  it('reads uploaded_files once for all the fields, and not at all when nothing new is named', async () => {
    let queries = 0;
    const counting = new Proxy(t.db, {
      get(target, property) {
        if (property === 'selectFrom') queries += 1;
        const value: unknown = Reflect.get(target, property);
        // Kysely keeps its state in private fields: call its methods on the real instance.
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as Db;
    await assertFileReferences(counting, rules, { contracts: [contractPdf, contractJpg], agreement: agreementZip });
    expect(queries).toBe(1);
    await assertFileReferences(counting, rules, { contracts: [contractPdf] }, { contracts: [contractPdf] });
    expect(queries).toBe(1);
  });
});
