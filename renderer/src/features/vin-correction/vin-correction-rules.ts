import type { FormRule } from 'antd';
import { VIN_PATTERN } from '../../../../contract/vehicle';
import { vinCorrectionMessages } from '../../../../contract/vin-correction';

/** The correction form's rules (spec part 1, section 5), with the contract's pattern and messages. */
export const vinCorrectionRules = {
  vinOld: [{ required: true, whitespace: true, message: vinCorrectionMessages.vinOldRequired }],
  vinNew: [
    { required: true, message: vinCorrectionMessages.vinNewFormat },
    { pattern: VIN_PATTERN, message: vinCorrectionMessages.vinNewFormat },
  ],
} satisfies Record<string, FormRule[]>;
