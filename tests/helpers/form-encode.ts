/**
 * `cars[0][vin]=…`: the qs-style form encoding the spec's contract forms send (overseas and purchase),
 * so the tests can prove the server reads a form post as it reads JSON.
 */
export const formEncode = (value: unknown, prefix = ''): string[] => {
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      formEncode(inner, prefix ? `${prefix}[${key}]` : key),
    );
  }
  return [`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`];
};

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
