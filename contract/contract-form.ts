/**
 * What the overseas contract form (overseas.ts) and the purchase contract form (purchase.ts) share: the
 * party the contract names, the ids a form may leave empty, the car line's id and answer, and the rule
 * over its car lines. Both forms are the same kind of paper (spec part 1 section 3, part 2 section 5),
 * so one rule changed here changes both, and their messages cannot drift apart.
 */
import { z } from 'zod';
import { idField } from './common';
import { blankToUndefined, limitedText, requiredText } from './fields';

/** The longest text of the party fields on both contract forms; the forms use the same numbers. */
export const partyTextLimits = { name: 100, address: 200, contact_way: 100 } as const;

/** What both contract forms call the party fields; the too-long messages name them. */
export const partyTextLabels = { name: '客户名称', address: '客户地址', contact_way: '联系方式' } as const;

/** The party's name, address and contact as a contract form takes them; only the missing message differs. */
export const partyNameField = (requiredMessage: string) =>
  requiredText(partyTextLabels.name, partyTextLimits.name, requiredMessage);
export const partyAddressField = (requiredMessage: string) =>
  requiredText(partyTextLabels.address, partyTextLimits.address, requiredMessage);
/** Required on the overseas form (with its message), optional on the purchase form (no message). */
export const partyContactField = (requiredMessage?: string) =>
  requiredMessage === undefined
    ? limitedText(partyTextLabels.contact_way, partyTextLimits.contact_way)
    : requiredText(partyTextLabels.contact_way, partyTextLimits.contact_way, requiredMessage);

/** An id a form may leave out (customer, agent, overseas contract): blank and 0 mean "none chosen". */
export const optionalId = z.preprocess(
  (value) => (blankToUndefined(value) === undefined || value === 0 || value === '0' ? undefined : value),
  idField('编号不正确').optional(),
);

/** A car line's id, or 0 (also blank or absent) for a new line. */
export const carLineId = z.preprocess(
  (value) => {
    const given = blankToUndefined(value) ?? 0;
    return given === 0 || given === '0' ? 0 : given;
  },
  z.union([z.literal(0), idField('车辆编号不正确')], { error: '车辆编号不正确' }),
);

/** The part of a contract's car as answered that both sides share; each side adds its own prices. */
export const contractCarBaseSchema = z.object({ id: z.number(), vin: z.string(), model: z.string().nullable() });

/**
 * The rule over a contract form's car lines, under the form's own key (`cars` overseas, `car` purchase):
 * never more cars than the contract's amount, and one VIN once per contract (the repeat is marked).
 */
export const checkCarLines =
  <Key extends string>(key: Key, messages: { tooManyCars: string; duplicateVinInForm: (vin: string) => string }) =>
  (
    body: { amount: number } & Record<Key, { vin: string }[]>,
    context: z.RefinementCtx<{ amount: number } & Record<Key, { vin: string }[]>>,
  ) => {
    const lines = body[key];
    if (lines.length > body.amount) {
      context.addIssue({ code: 'custom', path: [key], message: messages.tooManyCars });
    }
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.vin)) {
        context.addIssue({ code: 'custom', path: [key, index, 'vin'], message: messages.duplicateVinInForm(line.vin) });
      }
      seen.add(line.vin);
    });
  };
