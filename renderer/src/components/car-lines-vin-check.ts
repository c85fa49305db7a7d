/**
 * The live check of the VINs typed in the car-lines editor: each row's VIN is looked up 300 ms after the
 * last keystroke (spec part 1, sections 2 and 9); a known vehicle fills the model, a VIN held by another
 * contract of this side marks the row at once, not only in a toast after 保存. The rules judge a typed
 * row as the import preview judges a file's row (vin.ts).
 */
import { useEffect, useRef } from 'react';
import type { FormInstance, FormRule } from 'antd';
import { CAR_EXISTS_TYPES } from '../../../contract/vehicle';
import { findCarByVin } from '../api/car-exists';
import { carLinesMessages } from './car-lines-messages';
import { blank, readCarLines, type CarLinesSide, type CarListPath } from './car-lines-model';
import { checkDigitWarning, normalizeTypedVin, normalizeVin, VIN_PATTERN, vinProblem } from './vin';

/** The spec's lookup delay (part 1, section 9). */
export const VIN_LOOKUP_DELAY_MS = 300;

interface PendingLookup {
  timer: number;
  controller?: AbortController;
}

/**
 * Answers `scheduleLookup` for a VIN box's typing and the `vinRules` of the VIN column. Pending lookups
 * are cancelled when the editor goes away.
 */
export function useVinCheck({
  form,
  listPath,
  side,
  contractId,
}: {
  form: FormInstance;
  listPath: CarListPath;
  side: CarLinesSide;
  /** The contract being edited: its own cars are left out of the check. */
  contractId?: number;
}) {
  const lookups = useRef(new Map<number, PendingLookup>());
  /** VIN → the other contract of this side that holds it, as the live lookup last answered. */
  const takenVins = useRef(new Map<string, string>());
  const readLines = () => readCarLines(form, listPath);

  useEffect(() => {
    const pending = lookups.current;
    return () => {
      for (const lookup of pending.values()) {
        window.clearTimeout(lookup.timer);
        lookup.controller?.abort();
      }
      pending.clear();
    };
  }, []);

  /**
   * Fills the model of the row that still holds `vin` once the lookup answers. It only fills: a model
   * the clerk typed (or one already there) is never overwritten. The row is found again by its VIN,
   * because rows may have been added or removed while the answer was on its way.
   */
  const fillModel = (vin: string, model: string | null) => {
    if (!model?.trim()) return;
    const current = readLines();
    const index = current.findIndex((line) => normalizeVin(line.vin ?? '') === vin && blank(line.model));
    if (index < 0) return;
    form.setFieldValue([...listPath, index, 'model'], model.trim());
    void form.validateFields([[...listPath, index, 'model']]).catch(() => undefined);
  };

  /**
   * Remembers whether another contract holds `vin` and checks again every row that holds it, so the row
   * is marked (or unmarked) while the clerk is still typing, not only in a toast after 保存.
   */
  const markTaken = (vin: string, contractNo: string | undefined) => {
    if ((takenVins.current.get(vin) ?? undefined) === contractNo) return;
    if (contractNo) takenVins.current.set(vin, contractNo);
    else takenVins.current.delete(vin);
    const rows = readLines().flatMap((line, index) => (normalizeVin(line.vin ?? '') === vin ? [index] : []));
    if (rows.length > 0)
      void form.validateFields(rows.map((index) => [...listPath, index, 'vin'])).catch(() => undefined);
  };

  /** The lookup 300 ms after the last keystroke in a row's VIN box (spec part 1, section 2). */
  const scheduleLookup = (rowKey: number, typed: string) => {
    const previous = lookups.current.get(rowKey);
    if (previous) {
      window.clearTimeout(previous.timer);
      previous.controller?.abort();
    }
    const vin = normalizeTypedVin(typed);
    // Only a complete, well-formed VIN can name a vehicle: no call for every half-typed one.
    if (!VIN_PATTERN.test(vin)) {
      lookups.current.delete(rowKey);
      return;
    }
    const lookup: PendingLookup = { timer: 0 };
    lookup.timer = window.setTimeout(() => {
      lookup.controller = new AbortController();
      // Silent on every failure, not only the spec's 404: the lookup is a convenience while typing and
      // must not cover the form with toasts; the save still checks everything.
      void findCarByVin(
        { vin, type: CAR_EXISTS_TYPES[side], ...(contractId ? { id: contractId } : {}) },
        lookup.controller.signal,
      )
        .then((car) => {
          if (lookup.controller?.signal.aborted) return;
          markTaken(vin, (side === 'order' ? car?.order_no : car?.purchase_no) ?? undefined);
          if (car) fillModel(vin, car.model);
        })
        .finally(() => {
          if (lookups.current.get(rowKey) === lookup) lookups.current.delete(rowKey);
        });
    }, VIN_LOOKUP_DELAY_MS);
    lookups.current.set(rowKey, lookup);
  };

  /**
   * A manual row is judged as the import preview judges a row (vin.ts): what is wrong with the VIN (its
   * length, the letters I, O, Q), a VIN twice in the list, a VIN on another contract; a wrong check digit
   * only warns, so it never stops the save.
   */
  const vinRules: FormRule[] = [
    {
      validator: async (_, value: unknown) => {
        const problem = vinProblem(normalizeVin(String(value ?? '')));
        if (problem) throw new Error(problem);
      },
    },
    {
      validator: async (_, value: unknown) => {
        const vin = normalizeVin(String(value ?? ''));
        if (!vin) return;
        const same = readLines().filter((line) => normalizeVin(line.vin ?? '') === vin).length;
        if (same > 1) throw new Error(carLinesMessages.vinDuplicate(vin));
        const contractNo = takenVins.current.get(vin);
        if (contractNo) throw new Error(carLinesMessages.vinOnOtherContract(contractNo));
      },
    },
    {
      warningOnly: true,
      validator: async (_, value: unknown) => {
        const warning = checkDigitWarning(normalizeVin(String(value ?? '')));
        if (warning) throw new Error(warning);
      },
    },
  ];

  return { scheduleLookup, vinRules };
}
