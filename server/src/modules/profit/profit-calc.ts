/**
 * What one overseas contract earned (DOMAIN.md "Profit"), as a pure function of its records, in integer
 * fen (BigInt: no figure is ever a floating sum, and no product of an amount and a rate overflows). The
 * order profit endpoint answers it per car; the report keeps its totals per contract (order_profit), so
 * both always agree to the cent.
 */
import { PROFIT_REASONS, type ProfitReason } from '../../../../contract/profit';

/** A rate in micro-units: 7.123456 → 7_123_456n. CNY is 1 (1_000_000n). */
export const MICRO = 1_000_000n;

export interface ProfitCar {
  id: number;
  vin: string;
  /** The overseas side (fen, contract currency); null when not set. */
  orderPrice: bigint | null;
  orderInvoice: bigint | null;
  orderOther: bigint | null;
  /** The purchase side (fen, CNY); `price` null = no purchase price yet. */
  price: bigint | null;
  invoice: bigint | null;
  other: bigint | null;
}

export interface ProfitReceipt {
  id: number;
  /** Fen of the receipt's currency. */
  amount: bigint;
  currency: 'USD' | 'CNY';
  /** 结汇金额 (fen CNY), null until the bank settled it. */
  settlement: bigint | null;
}

/** A freight or tax refund record: its amount (fen CNY, null = not recorded) and its cars. */
export interface ProfitRecord {
  id: number;
  money: bigint | null;
  carIds: readonly number[];
}

export interface ProfitInput {
  currency: 'USD' | 'CNY';
  /** The contract total, fen of its currency. */
  total: bigint;
  /** The USD book rate of the contract's month in micro-units; ignored for CNY; null = none kept. */
  usdRateMicro: bigint | null;
  cars: readonly ProfitCar[];
  receipts: readonly ProfitReceipt[];
  freights: readonly ProfitRecord[];
  drawbacks: readonly ProfitRecord[];
}

export interface CarFigures {
  carId: number;
  vin: string;
  revenue: bigint | null;
  costs: bigint;
  freight: bigint | null;
  drawback: bigint | null;
  profit: bigint | null;
  /** profit ÷ revenue × 10 000, rounded half away from zero (776n = "0.0776"); null when revenue is 0 or unknown. */
  marginBp: bigint | null;
  final: boolean;
  reasons: ProfitReason[];
}

export interface ReceiptFigures {
  id: number;
  amount: bigint;
  currency: 'USD' | 'CNY';
  settlement: bigint | null;
  /** settlement − amount × rate (half up); null until settled or without a rate; 0 for CNY. */
  fxGain: bigint | null;
}

export interface ContractFigures {
  /** The book rate used, micro-units; null for a USD contract whose month has none. */
  rateMicro: bigint | null;
  cars: CarFigures[];
  receipts: ReceiptFigures[];
  totals: {
    revenue: bigint | null;
    costs: bigint;
    freight: bigint | null;
    drawback: bigint | null;
    profit: bigint | null;
    marginBp: bigint | null;
    fxGain: bigint | null;
    final: boolean;
    reasons: ProfitReason[];
  };
}

/** amount (fen) × rate (micro-units), rounded half up to the fen (both are never negative). */
export const atRate = (amount: bigint, rateMicro: bigint): bigint => (amount * rateMicro + MICRO / 2n) / MICRO;

/** numerator ÷ denominator rounded half away from zero (denominator > 0). */
const divideRounded = (numerator: bigint, denominator: bigint): bigint => {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (2n * magnitude + denominator) / (2n * denominator);
  return negative ? -quotient : quotient;
};

/** The margin in basis points of 1 (4 places); null when revenue is 0 or unknown. */
export const marginOf = (profit: bigint | null, revenue: bigint | null): bigint | null => {
  if (profit === null || revenue === null || revenue === 0n) return null;
  // A negative revenue cannot happen (amounts are never negative); the sign follows the profit's.
  return revenue > 0n ? divideRounded(profit * 10_000n, revenue) : -divideRounded(profit * 10_000n, -revenue);
};

/**
 * `amount` split over `weights` (one per id) to the fen by largest remainder: each gets the floor of its
 * exact share, and the fen left over go one each to the largest remainders, ties to the lowest id. The
 * shares add up to `amount` exactly. All weights 0 (or none positive) means equal shares.
 */
export const splitLargestRemainder = (
  amount: bigint,
  parts: readonly { id: number; weight: bigint }[],
): Map<number, bigint> => {
  const shares = new Map<number, bigint>();
  if (parts.length === 0) return shares;
  const positive = parts.some((part) => part.weight > 0n);
  const weighted = parts.map((part) => ({
    id: part.id,
    weight: positive ? (part.weight > 0n ? part.weight : 0n) : 1n,
  }));
  const sum = weighted.reduce((acc, part) => acc + part.weight, 0n);
  const negative = amount < 0n;
  const magnitude = negative ? -amount : amount;
  let given = 0n;
  const remainders: { id: number; remainder: bigint }[] = [];
  for (const part of weighted) {
    const exact = magnitude * part.weight;
    const floor = exact / sum;
    shares.set(part.id, floor);
    given += floor;
    remainders.push({ id: part.id, remainder: exact % sum });
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.id - b.id : a.remainder > b.remainder ? -1 : 1));
  let left = magnitude - given;
  for (const { id } of remainders) {
    if (left === 0n) break;
    shares.set(id, (shares.get(id) ?? 0n) + 1n);
    left -= 1n;
  }
  if (negative) for (const [id, share] of shares) shares.set(id, -share);
  return shares;
};

const REASON_ORDER = Object.values(PROFIT_REASONS);
const ordered = (reasons: Iterable<ProfitReason>): ProfitReason[] => {
  const set = new Set(reasons);
  return REASON_ORDER.filter((reason) => set.has(reason));
};

const sumOrNull = (values: readonly (bigint | null)[]): bigint | null =>
  values.some((value) => value !== null) ? values.reduce<bigint>((acc, value) => acc + (value ?? 0n), 0n) : null;

/** Every figure of one contract (DOMAIN.md "Profit"). */
export function computeProfit(input: ProfitInput): ContractFigures {
  const rateMicro = input.currency === 'CNY' ? MICRO : input.usdRateMicro;
  const cars = [...input.cars].sort((a, b) => a.id - b.id);

  // Receipts in CNY: a CNY receipt is settled at its amount; a USD one at its settlement, else at the book rate.
  let receivedCny = 0n;
  let receivedAmount = 0n;
  let allSettled = true;
  const receipts: ReceiptFigures[] = [];
  for (const receipt of [...input.receipts].sort((a, b) => a.id - b.id)) {
    receivedAmount += receipt.amount;
    if (receipt.currency === 'CNY') {
      receivedCny += receipt.amount;
      receipts.push({ ...receipt, fxGain: 0n });
      continue;
    }
    if (receipt.settlement === null) {
      allSettled = false;
      if (rateMicro !== null) receivedCny += atRate(receipt.amount, rateMicro);
    } else receivedCny += receipt.settlement;
    const fxGain =
      receipt.settlement === null || rateMicro === null ? null : receipt.settlement - atRate(receipt.amount, rateMicro);
    receipts.push({ ...receipt, fxGain });
  }
  const shortfall = input.total > receivedAmount ? input.total - receivedAmount : 0n;
  const settledInFull = allSettled && shortfall === 0n;
  const shortfallCny = rateMicro === null ? null : atRate(shortfall, rateMicro);

  const revenueWeights = cars.map((car) => ({
    id: car.id,
    weight: (car.orderPrice ?? 0n) + (car.orderInvoice ?? 0n) + (car.orderOther ?? 0n),
  }));
  // One split of the whole revenue (receipts in CNY plus the shortfall at the book rate): two splits would
  // round twice, and two cars of equal price could differ by a fen.
  const revenueShares =
    rateMicro === null || shortfallCny === null
      ? null
      : splitLargestRemainder(receivedCny + shortfallCny, revenueWeights);

  // Freight: equal shares of each record's amount among its cars (of this contract).
  const carIds = new Set(cars.map((car) => car.id));
  const freightOf = new Map<number, bigint>();
  for (const record of input.freights) {
    if (record.money === null) continue;
    const on = [...new Set(record.carIds)].filter((id) => carIds.has(id));
    for (const [id, share] of splitLargestRemainder(
      record.money,
      on.map((id) => ({ id, weight: 1n })),
    ))
      freightOf.set(id, (freightOf.get(id) ?? 0n) + share);
  }
  // Tax refund: the record's amount shared by purchase price.
  const priceOf = new Map(cars.map((car) => [car.id, car.price ?? 0n]));
  const drawbackOf = new Map<number, bigint>();
  for (const record of input.drawbacks) {
    if (record.money === null) continue;
    const on = [...new Set(record.carIds)].filter((id) => carIds.has(id));
    for (const [id, share] of splitLargestRemainder(
      record.money,
      on.map((id) => ({ id, weight: priceOf.get(id) ?? 0n })),
    ))
      drawbackOf.set(id, (drawbackOf.get(id) ?? 0n) + share);
  }

  const carFigures = cars.map((car): CarFigures => {
    const revenue = revenueShares === null ? null : (revenueShares.get(car.id) ?? 0n);
    const costs = (car.price ?? 0n) + (car.invoice ?? 0n) + (car.other ?? 0n);
    const freight = freightOf.get(car.id) ?? null;
    const drawback = drawbackOf.get(car.id) ?? null;
    const profit = revenue === null ? null : revenue + (drawback ?? 0n) - costs - (freight ?? 0n);
    const reasons: ProfitReason[] = [];
    if (rateMicro === null) reasons.push(PROFIT_REASONS.noRate);
    if (!settledInFull) reasons.push(PROFIT_REASONS.notSettled);
    if (freight === null) reasons.push(PROFIT_REASONS.noFreight);
    if (drawback === null) reasons.push(PROFIT_REASONS.noDrawback);
    if (car.price === null) reasons.push(PROFIT_REASONS.noPurchasePrice);
    return {
      carId: car.id,
      vin: car.vin,
      revenue,
      costs,
      freight,
      drawback,
      profit,
      marginBp: marginOf(profit, revenue),
      final: reasons.length === 0,
      reasons,
    };
  });

  const revenue = rateMicro === null ? null : carFigures.reduce((acc, car) => acc + (car.revenue ?? 0n), 0n);
  const costs = carFigures.reduce((acc, car) => acc + car.costs, 0n);
  const freight = sumOrNull(carFigures.map((car) => car.freight));
  const drawback = sumOrNull(carFigures.map((car) => car.drawback));
  const profit = revenue === null ? null : revenue + (drawback ?? 0n) - costs - (freight ?? 0n);
  const reasons = ordered(carFigures.flatMap((car) => car.reasons));
  if (carFigures.length === 0) {
    // No car to share anything to: the contract's own reasons still say what is missing.
    if (rateMicro === null) reasons.push(PROFIT_REASONS.noRate);
    if (!settledInFull) reasons.push(PROFIT_REASONS.notSettled);
  }
  return {
    rateMicro,
    cars: carFigures,
    receipts,
    totals: {
      revenue,
      costs,
      freight,
      drawback,
      profit,
      marginBp: marginOf(profit, revenue),
      fxGain: sumOrNull(receipts.map((receipt) => receipt.fxGain)),
      final: carFigures.length > 0 && carFigures.every((car) => car.final),
      reasons: ordered(reasons),
    },
  };
}

/** Fen as the wire's decimal string with two places: -1234n → "-12.34". */
export const fenText = (fen: bigint): string => {
  const negative = fen < 0n;
  const magnitude = negative ? -fen : fen;
  const text = `${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
};

export const fenTextOrNull = (fen: bigint | null): string | null => (fen === null ? null : fenText(fen));

/** Basis points of 1 as the wire's 4-place fraction: 776n → "0.0776", -12345n → "-1.2345". */
export const marginText = (bp: bigint | null): string | null => {
  if (bp === null) return null;
  const negative = bp < 0n;
  const magnitude = negative ? -bp : bp;
  const text = `${magnitude / 10_000n}.${String(magnitude % 10_000n).padStart(4, '0')}`;
  return negative ? `-${text}` : text;
};

/** Micro-units as the rate's exact decimal text: 7_100_000n → "7.1". */
export const rateText = (micro: bigint): string => {
  const whole = micro / MICRO;
  const fraction = String(micro % MICRO)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
};

/** The rate's normalised decimal text (contract/profit.ts `rateField`) as micro-units. */
export const rateMicroOf = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * MICRO + BigInt(fraction.padEnd(6, '0') || '0');
};
