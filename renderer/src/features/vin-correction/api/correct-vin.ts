import {
  type VinCorrectionAnswer,
  type VinCorrectionBody,
  vinCorrectionEndpoints,
} from '../../../../../contract/vin-correction';
import { call } from '../../../api/call';

/** The dialog shows a refusal (the new VIN in use, the old one unknown) itself, next to what was typed. */
export const correctVin = (body: VinCorrectionBody): Promise<VinCorrectionAnswer> =>
  call(vinCorrectionEndpoints.correct, { body }, { silent: true });
