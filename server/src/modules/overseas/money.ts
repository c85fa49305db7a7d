/**
 * Money is integer fen in the database and a decimal with at most two places on the wire (API.md).
 * The contract's schemas have already refused more than two decimals, so rounding only removes the
 * binary representation error (12.34 * 100 = 1233.9999999999998).
 */
export const toFen = (amount: number): number => Math.round(amount * 100);

export const fromFen = (fen: number | string): number => Number(fen) / 100;

export const fromFenOrNull = (fen: number | string | null | undefined): number | null =>
  fen === null || fen === undefined ? null : fromFen(fen);
