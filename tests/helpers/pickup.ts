import type { FastifyInstance } from 'fastify';
import { uploadFixture } from './factories';

/** Photos uploaded for real into the check-in's slots (all `image`). */
export interface EntryFiles {
  vinImage: string;
  wgImage: string;
  photos: string[];
}

export const uploadEntryFiles = async (app: FastifyInstance, token: string): Promise<EntryFiles> => ({
  vinImage: await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '车架号.jpg'),
  wgImage: await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '外观.png'),
  photos: [
    await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '左前.png'),
    await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '铭牌.jpg'),
  ],
});

/** A complete check-in form (spec part 2, section 2) for a VIN. */
export const entryForm = (files: EntryFiles, vinText: string, overrides: Record<string, unknown> = {}) => ({
  vin: vinText,
  dl_name: '王代理',
  vin_image: files.vinImage,
  wg_image: files.wgImage,
  car_image: files.photos,
  remark: '左后门轻微划痕',
  b_status: 'draft',
  ...overrides,
});
