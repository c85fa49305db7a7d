import type { FastifyInstance } from 'fastify';
import { uploadFixture } from './factories';

/** Files uploaded for real into the release pass's slots (all `image`). */
export interface ReleasePassFiles {
  slip: string;
  departure: string;
  photos: string[];
}

export const uploadReleasePassFiles = async (app: FastifyInstance, token: string): Promise<ReleasePassFiles> => ({
  slip: await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '放行条.jpg'),
  departure: await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '离场照片.png'),
  photos: [
    await uploadFixture(app, token, 'image', 'scans/vehicle-exterior.png', '出场左前.png'),
    await uploadFixture(app, token, 'image', 'scans/customs-declaration.jpg', '出场单据.jpg'),
  ],
});

/** A complete release pass form (spec part 2, section 2) for these VINs. */
export const releaseForm = (files: ReleasePassFiles, vins: string[], overrides: Record<string, unknown> = {}) => ({
  vin: vins,
  fxt_image: files.slip,
  lc_image: files.departure,
  car_image: files.photos,
  b_status: 'draft',
  ...overrides,
});
