import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Every file `POST /api/upload` stored. Declared here rather than in modules/upload so that the schema's
 * types stay together with database.ts; the uploads module writes the rows.
 */
export interface UploadedFilesTable {
  id: Generated<number>;
  /** The `/storage/…` path records store. */
  url: string;
  /** The upload slot. */
  dir: string;
  original_name: string;
  size: number;
  mime: string | null;
  uploaded_by: number | null;
  created_at: string;
}

export type UploadedFileRow = Selectable<UploadedFilesTable>;
export type NewUploadedFileRow = Insertable<UploadedFilesTable>;
