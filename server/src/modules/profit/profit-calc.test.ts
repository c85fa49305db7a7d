import { describe, expect, it } from 'vitest';
import { PROFIT_REASONS } from '../../../../contract/profit';
import {
  atRate,
  computeProfit,
  fenText,
  marginOf,
  marginText,
  type ProfitCar,
  type ProfitInput,
  rateMicroOf,
  rateText,
  splitLargestRemainder,
} from './profit-calc';

const car = (id: number, orderPrice: bigint, price: bigint | null, extra: Partial<ProfitCar> = {}): ProfitCar => ({
  id,
  vin: `VIN${id}`,
  orderPrice,
  orderInvoice: 0n,
  orderOther: 0n,
  price,
  invoice: 0n,
  other: 0n,
  ...extra,
});

const usd = (input: Partial<ProfitInput>): ProfitInput => ({
  currency: 'USD',
  total: 0n,
  usdRateMicro: 7_000_000n,
  cars: [],
  receipts: [],
  freights: [],
  drawbacks: [],
  ...input,
});

describe('profit arithmetic (DOMAIN.md "Profit")', () => {
  it('rounds amount × rate half up to the fen', () => {
    // 1.00 USD × 7.123456 = 7.123456 CNY → 7.12; 0.50 USD × 7.01 = 3.505 → 3.51 (half up).
    expect(atRate(100n, 7_123_456n)).toBe(712n);
    expect(atRate(50n, 7_010_000n)).toBe(351n);
    expect(atRate(50n, 7_009_999n)).toBe(350n);
    // Far beyond what a float holds exactly: 999,999,999,999.99 × 9999.999999.
    expect(atRate(99_999_999_999_999n, 9_999_999_999n)).toBe(999_999_999_899_990_000n);
  });

  it('splits by largest remainder: shares add up exactly, ties go to the lowest car id', () => {
    const thirds = splitLargestRemainder(100n, [
      { id: 3, weight: 1n },
      { id: 1, weight: 1n },
      { id: 2, weight: 1n },
    ]);
    expect(Object.fromEntries(thirds)).toEqual({ 1: 34n, 2: 33n, 3: 33n });
    // 1000 over weights 1:2:3 → 166.67, 333.33, 500 → floors 166, 333, 500 (999), the cent to the largest remainder (id 1: .67).
    const weighted = splitLargestRemainder(1000n, [
      { id: 1, weight: 1n },
      { id: 2, weight: 2n },
      { id: 3, weight: 3n },
    ]);
    expect(Object.fromEntries(weighted)).toEqual({ 1: 167n, 2: 333n, 3: 500n });
    // No weight at all: equal shares.
    expect(
      Object.fromEntries(
        splitLargestRemainder(5n, [
          { id: 9, weight: 0n },
          { id: 4, weight: 0n },
        ]),
      ),
    ).toEqual({
      4: 3n,
      9: 2n,
    });
    // A negative amount splits as its magnitude, signs kept.
    expect(
      Object.fromEntries(
        splitLargestRemainder(-100n, [
          { id: 1, weight: 1n },
          { id: 2, weight: 1n },
          { id: 3, weight: 1n },
        ]),
      ),
    ).toEqual({
      1: -34n,
      2: -33n,
      3: -33n,
    });
  });

  it('writes money, margins and rates exactly', () => {
    expect(fenText(123456n)).toBe('1234.56');
    expect(fenText(-5n)).toBe('-0.05');
    expect(fenText(0n)).toBe('0.00');
    expect(marginText(776n)).toBe('0.0776');
    expect(marginText(-12345n)).toBe('-1.2345');
    expect(marginOf(776n, 10_000n)).toBe(776n);
    // 1/3 = 0.33333 → 0.3333; 2/3 → 0.6667; -2/3 → -0.6667 (half away from zero); revenue 0 → none.
    expect(marginOf(1n, 3n)).toBe(3333n);
    expect(marginOf(2n, 3n)).toBe(6667n);
    expect(marginOf(-2n, 3n)).toBe(-6667n);
    expect(marginOf(5n, 0n)).toBeNull();
    expect(rateText(7_100_000n)).toBe('7.1');
    expect(rateText(7_000_000n)).toBe('7');
    expect(rateText(123_456n)).toBe('0.123456');
    expect(rateMicroOf('7.1')).toBe(7_100_000n);
    expect(rateMicroOf('0.000001')).toBe(1n);
    expect(rateMicroOf('12')).toBe(12_000_000n);
  });

  it('a settled, fully paid USD contract with every amount recorded is final', () => {
    // Total 1000.00 USD over two cars 600/400; one receipt of 1000.00 settled at 7,100.00 CNY; rate 7.
    const figures = computeProfit(
      usd({
        total: 100_000n,
        cars: [car(1, 60_000n, 300_000n, { invoice: 1_000n, other: 500n }), car(2, 40_000n, 200_000n)],
        receipts: [{ id: 1, amount: 100_000n, currency: 'USD', settlement: 710_000n }],
        freights: [{ id: 1, money: 10_001n, carIds: [1, 2] }],
        drawbacks: [{ id: 1, money: 30_000n, carIds: [1, 2] }],
      }),
    );
    const [first, second] = figures.cars;
    // Revenue 7,100.00 by 6:4 → 4,260.00 and 2,840.00.
    expect(first).toMatchObject({
      revenue: 426_000n,
      costs: 301_500n,
      freight: 5_001n,
      drawback: 18_000n,
      final: true,
    });
    expect(second).toMatchObject({
      revenue: 284_000n,
      costs: 200_000n,
      freight: 5_000n,
      drawback: 12_000n,
      final: true,
    });
    // 426000 + 18000 − 301500 − 5001 = 137499; margin 137499/426000 = 0.32276… → 0.3228.
    expect(first?.profit).toBe(137_499n);
    expect(marginText(first?.marginBp ?? null)).toBe('0.3228');
    expect(first?.reasons).toEqual([]);
    // The exchange gain: 7,100.00 − 1,000.00 × 7 = 100.00.
    expect(figures.receipts).toEqual([
      { id: 1, amount: 100_000n, currency: 'USD', settlement: 710_000n, fxGain: 10_000n },
    ]);
    expect(figures.totals).toMatchObject({
      revenue: 710_000n,
      costs: 501_500n,
      freight: 10_001n,
      drawback: 30_000n,
      profit: 710_000n + 30_000n - 501_500n - 10_001n,
      fxGain: 10_000n,
      final: true,
      reasons: [],
    });
  });

  it('estimates what is not settled or not paid yet at the book rate, and says why', () => {
    // Total 1000.00 USD; 300.00 settled at 2,130.00; 200.00 received, not settled; 500.00 still to come.
    const figures = computeProfit(
      usd({
        total: 100_000n,
        usdRateMicro: 7_123_456n,
        cars: [car(1, 50_000n, null), car(2, 50_000n, 100_000n)],
        receipts: [
          { id: 1, amount: 30_000n, currency: 'USD', settlement: 213_000n },
          { id: 2, amount: 20_000n, currency: 'USD', settlement: null },
        ],
        freights: [{ id: 1, money: null, carIds: [1, 2] }],
        drawbacks: [],
      }),
    );
    // Receipts: 2,130.00 + 200 × 7.123456 = 1,424.6912 → 1,424.69: 3,554.69. Shortfall: 500.00 × 7.123456 =
    // 3,561.728 → 3,561.73. Revenue 7,116.42, split once by 1:1 → 3,558.21 each.
    expect(figures.cars.map((c) => c.revenue)).toEqual([355_821n, 355_821n]);
    expect(figures.totals.revenue).toBe(355_469n + 356_173n);
    expect(figures.cars[0]?.reasons).toEqual([
      PROFIT_REASONS.notSettled,
      PROFIT_REASONS.noFreight,
      PROFIT_REASONS.noDrawback,
      PROFIT_REASONS.noPurchasePrice,
    ]);
    expect(figures.cars[1]?.reasons).toEqual([
      PROFIT_REASONS.notSettled,
      PROFIT_REASONS.noFreight,
      PROFIT_REASONS.noDrawback,
    ]);
    expect(figures.cars.map((c) => [c.freight, c.drawback])).toEqual([
      [null, null],
      [null, null],
    ]);
    // fx: 2,130.00 − 300 × 7.123456 (2,137.0368 → 2,137.04) = −7.04; the unsettled receipt has none yet.
    expect(figures.receipts.map((r) => r.fxGain)).toEqual([-704n, null]);
    expect(figures.totals).toMatchObject({ fxGain: -704n, final: false, freight: null, drawback: null });
  });

  it('a USD contract whose month has no rate has no profit figures', () => {
    const figures = computeProfit(
      usd({
        total: 10_000n,
        usdRateMicro: null,
        cars: [car(1, 10_000n, 50_000n)],
        receipts: [{ id: 1, amount: 10_000n, currency: 'USD', settlement: 70_000n }],
        freights: [{ id: 1, money: 100n, carIds: [1] }],
        drawbacks: [{ id: 1, money: 100n, carIds: [1] }],
      }),
    );
    expect(figures.rateMicro).toBeNull();
    expect(figures.cars[0]).toMatchObject({ revenue: null, profit: null, marginBp: null, final: false });
    expect(figures.cars[0]?.reasons).toEqual([PROFIT_REASONS.noRate]);
    expect(figures.receipts[0]?.fxGain).toBeNull();
    expect(figures.totals).toMatchObject({
      revenue: null,
      profit: null,
      fxGain: null,
      final: false,
      reasons: [PROFIT_REASONS.noRate],
    });
  });

  it('a CNY contract uses 1: its receipts count as settled, their exchange gain is 0', () => {
    const figures = computeProfit({
      currency: 'CNY',
      total: 300_000n,
      usdRateMicro: null,
      cars: [car(1, 100_000n, 80_000n), car(2, 100_000n, 80_000n), car(3, 100_000n, 80_000n)],
      receipts: [{ id: 5, amount: 100_000n, currency: 'CNY', settlement: null }],
      freights: [{ id: 1, money: 0n, carIds: [1, 2, 3] }],
      drawbacks: [{ id: 1, money: 100n, carIds: [1, 2, 3] }],
    });
    expect(figures.rateMicro).toBe(1_000_000n);
    // 1,000.00 received + 2,000.00 short (at 1) → 1,000.00 each.
    expect(figures.cars.map((c) => c.revenue)).toEqual([100_000n, 100_000n, 100_000n]);
    // A recorded 0 freight is recorded; the refund of 1.00 by equal purchase prices: 0.34, 0.33, 0.33.
    expect(figures.cars.map((c) => [c.freight, c.drawback])).toEqual([
      [0n, 34n],
      [0n, 33n],
      [0n, 33n],
    ]);
    expect(figures.receipts[0]?.fxGain).toBe(0n);
    // Still short of the total: 尚未结汇 (the contract is not yet paid in full).
    expect(figures.cars[0]?.reasons).toEqual([PROFIT_REASONS.notSettled]);
  });

  it('shares the tax refund by purchase price and the freight equally per record', () => {
    const figures = computeProfit(
      usd({
        total: 30_000n,
        cars: [car(1, 10_000n, 100_000n), car(2, 10_000n, 200_000n), car(3, 10_000n, 400_000n)],
        receipts: [{ id: 1, amount: 30_000n, currency: 'USD', settlement: 210_000n }],
        freights: [
          { id: 1, money: 1_000n, carIds: [1, 2] },
          { id: 2, money: 701n, carIds: [3] },
        ],
        drawbacks: [{ id: 1, money: 70_001n, carIds: [1, 2, 3] }],
      }),
    );
    // 700.01 by 1:2:4 → 100.0014…, 200.0028…, 400.0057… → floors 10000, 20000, 40000 (70000) + the cent to car 3 (.57).
    expect(figures.cars.map((c) => c.drawback)).toEqual([10_000n, 20_000n, 40_001n]);
    expect(figures.cars.map((c) => c.freight)).toEqual([500n, 500n, 701n]);
    expect(figures.totals.final).toBe(true);
  });
});
