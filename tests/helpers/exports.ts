import type { FastifyInstance } from 'fastify';
import { EXPORTS_DOCUMENTS, type ExportsDocument } from '../../contract/exports';
import { uploadFixture } from './factories';

/** Files uploaded for real into the export declaration's slots: six documents (`document`) and photos (`image`). */
export interface ExportsFiles {
  documents: Record<ExportsDocument, string>;
  photos: string[];
}

const documentFixtures: Record<ExportsDocument, [string, string]> = {
  xkz_image: ['scans/deregistration-certificate.pdf', '许可证.pdf'],
  bgzl_image: ['scans/deregistration-certificate.docx', '报关资料.docx'],
  bgd_image: ['scans/customs-declaration.jpg', '报关单.jpg'],
  td_image: ['scans/deregistration-certificate.pdf', '提单.pdf'],
  jcbg_image: ['scans/vehicle-exterior.png', '检测报告.png'],
  hgfxtz_image: ['scans/customs-declaration.jpg', '海关放行通知书.jpg'],
};

export const uploadExportsFiles = async (app: FastifyInstance, token: string): Promise<ExportsFiles> => {
  const documents = {} as Record<ExportsDocument, string>;
  for (const field of EXPORTS_DOCUMENTS) {
    const [fixture, name] = documentFixtures[field];
    documents[field] = await uploadFixture(app, token, 'document', fixture, name);
  }
  return {
    documents,
    photos: [
      await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '装柜.png'),
      await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '封条.jpg'),
    ],
  };
};

/**
 * An export declaration form (spec part 2, section 2) for these VINs of the overseas contract `orderId`,
 * with the first `count` of its six documents (the four required come first).
 */
export const exportsForm = (
  files: ExportsFiles,
  orderId: number,
  vins: string[],
  count: number = EXPORTS_DOCUMENTS.length,
  overrides: Record<string, unknown> = {},
) => ({
  order_id: orderId,
  vin: vins,
  currency: 'USD',
  bgd_sn: '310120260001234567',
  exports_date: '2026-11-20',
  exports_money: '12345.67',
  ...Object.fromEntries(EXPORTS_DOCUMENTS.slice(0, count).map((field) => [field, files.documents[field]])),
  car_image: files.photos,
  b_status: 'draft',
  ...overrides,
});
