import type { Db } from '../../db/database';
import type { NewUploadedFileRow, UploadedFileRow } from '../../db/uploaded-files.table';

/** One row per stored upload: who sent it, when, and under which name (the file has a generated one). */
export const insertUploadedFile = async (db: Db, row: NewUploadedFileRow): Promise<number> => {
  const inserted = await db.insertInto('uploaded_files').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
};

export const findUploadedFileByUrl = async (db: Db, url: string): Promise<UploadedFileRow | undefined> =>
  db.selectFrom('uploaded_files').selectAll().where('url', '=', url).executeTakeFirst();

/** The uploaders' names of the given stored paths; paths without a record are left out. */
export const findUploadedFileNames = async (db: Db, urls: readonly string[]): Promise<Map<string, string>> => {
  if (urls.length === 0) return new Map();
  const rows = await db
    .selectFrom('uploaded_files')
    .select(['url', 'original_name'])
    .where('url', 'in', [...urls])
    .execute();
  return new Map(rows.map((row) => [row.url, row.original_name]));
};
