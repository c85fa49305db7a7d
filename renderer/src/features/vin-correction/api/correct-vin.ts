import { vinCorrectionPaths, type VinCorrectionBody } from '../../../../../contract/vin-correction';
import { apiPost } from '../../../api/http-client';

/** The dialog shows a refusal (the new VIN in use, the old one unknown) itself, next to what was typed. */
export const correctVin = (body: VinCorrectionBody): Promise<unknown> =>
  apiPost(vinCorrectionPaths.correct, body, { silent: true });
