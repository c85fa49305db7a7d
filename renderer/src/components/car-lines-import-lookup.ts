/**
 * Matching imported rows with the vehicles the system already knows (one POST /api/car/lookup for the
 * whole file): which VINs to ask about, and what the answer adds to each row. Pure, no network.
 */
import type { ImportedRow } from './car-lines-import-rules';
import { carImportMessages } from './car-lines-import-rules';
import { normalizeVin } from './vin';

/** The VINs worth asking the server about: well-formed, first in the file, not yet in the editor. */
export function vinsToLookUp(rows: readonly ImportedRow[]): string[] {
  return rows.filter((row) => !row.errors.some((issue) => issue.field === 'vin')).map((row) => row.vin);
}

/**
 * Adds what the lookup answered: the row's vehicle is known, and a row without a model takes the
 * known vehicle's model (it only fills; a model typed in the file is kept).
 */
export function applyLookup(
  rows: readonly ImportedRow[],
  found: ReadonlyMap<string, { id: number; model: string | null }>,
): ImportedRow[] {
  return rows.map((row) => {
    const vehicle = found.get(row.vin);
    if (!vehicle) return row;
    const knownModel = vehicle.model?.trim() ?? '';
    const fillModel = row.model === '' && knownModel !== '';
    return {
      ...row,
      existing: vehicle,
      model: fillModel ? knownModel : row.model,
      errors: fillModel ? row.errors.filter((issue) => issue.field !== 'model') : row.errors,
      notes: [carImportMessages.existingCar, ...(fillModel ? [carImportMessages.modelFromLookup] : [])],
    };
  });
}

/**
 * A lookup answer (`{ found: { VIN: … } }`) as a Map, reading only the answer's own keys: the keys come
 * from the file through the server, and a Map never reaches `Object.prototype`.
 */
export function foundVehicles(
  answers: ReadonlyArray<{ found: Record<string, { id: number; model: string | null }> } | undefined>,
): Map<string, { id: number; model: string | null }> {
  const vehicles = new Map<string, { id: number; model: string | null }>();
  for (const answer of answers) {
    const found = answer?.found;
    if (!found || typeof found !== 'object') continue;
    for (const vin of Object.keys(found)) {
      const vehicle = found[vin];
      if (vehicle && typeof vehicle.id === 'number') {
        vehicles.set(normalizeVin(vin), { id: vehicle.id, model: vehicle.model ?? null });
      }
    }
  }
  return vehicles;
}
