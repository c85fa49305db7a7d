/**
 * A record's list of uploaded files as stored: a JSON array of storage paths in one text column (a
 * contract's `contracts`, a freight record's `car_images`). Reading it never fails a page: anything
 * but an array of strings reads as no files.
 */
export const parseFileList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};
