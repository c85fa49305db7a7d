import { uploadEndpoints } from '../../../contract/upload';
import { call } from './call';

/**
 * The names stored files had on the clerk's PC (`GET /api/upload/names`), for links that read 代付协议.zip
 * instead of the stored random name. Quiet: a failure only leaves the stored names showing, and never
 * opens the session dialog (the screen's own calls do that).
 */
export async function fetchFileNames(paths: readonly string[]): Promise<Record<string, string>> {
  const answer = await call(
    uploadEndpoints.names,
    { query: { paths: paths.join(',') } },
    { silent: true, sessionDialog: false },
  );
  return answer.names;
}
