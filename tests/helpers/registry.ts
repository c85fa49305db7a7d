import type { FastifyInstance } from 'fastify';
import { uploadFixture } from './factories';

/** Documents uploaded for real into the `document` slot (a scan, a PDF, a photo, a Word file) and photos. */
export interface RegistryFiles {
  documents: string[];
  photos: string[];
}

export const uploadRegistryFiles = async (app: FastifyInstance, token: string): Promise<RegistryFiles> => ({
  documents: [
    await uploadFixture(app, token, 'document', 'scans/customs-declaration.jpg', '行驶证.jpg'),
    await uploadFixture(app, token, 'document', 'scans/deregistration-certificate.pdf', '登记证书.pdf'),
    await uploadFixture(app, token, 'document', 'scans/vehicle-exterior.png', '临时牌照.png'),
    await uploadFixture(app, token, 'document', 'scans/deregistration-certificate.docx', '发票.docx'),
  ],
  photos: [
    await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '左前.png'),
    await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '铭牌.jpg'),
  ],
});

/**
 * The plating's eight and the transfer's five documents as spec part 2 (section 3) lists them, in the
 * form's order: written out, not read from the stage table, so that a slot the table lost or gained
 * changes what the tests send and their rates no longer add up.
 */
export const PLATE_FIELDS = [
  'xsz_image',
  'djz_image',
  'lp_image',
  'fp_image',
  'hgz_image',
  'ycxzs_image',
  'hbqd_image',
  'bx_image',
] as const;
export const TRANSFER_FIELDS = [
  'djz_image',
  'lp_image',
  'usedcar_invoices_image',
  'zzs_invoices_image',
  'xsz_image',
] as const;

/** The first `count` documents of a stage, each a stored path (the files taken in turn). */
export const documentsOf = (
  fields: readonly string[],
  files: RegistryFiles,
  count: number = fields.length,
): Record<string, string> =>
  Object.fromEntries(
    fields.slice(0, count).map((field, index) => [field, files.documents[index % files.documents.length]!]),
  );

/** A plating form (spec part 2, section 2) with `count` of its eight documents. */
export const plateForm = (
  files: RegistryFiles,
  vinText: string,
  count = 8,
  overrides: Record<string, unknown> = {},
) => ({
  vin: vinText,
  yy_date: '2026-12-01',
  ...documentsOf(PLATE_FIELDS, files, count),
  car_image: files.photos,
  b_status: 'draft',
  ...overrides,
});

/** A transfer form with `count` of its five documents. */
export const transferForm = (
  files: RegistryFiles,
  vinText: string,
  count = 5,
  overrides: Record<string, unknown> = {},
) => ({
  vin: vinText,
  ...documentsOf(TRANSFER_FIELDS, files, count),
  car_image: files.photos,
  b_status: 'draft',
  ...overrides,
});
