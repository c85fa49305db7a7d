import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { loggedInStaff } from '../../../../tests/helpers/factories';
import { caller } from '../../../../tests/helpers/overseas';

/*
 * Ten thousand receipts and two years of rates through the database of the test matrix, the report's
 * figures compared with a reference written here independently: decimal strings and hand-written long
 * arithmetic on digit arrays (no BigInt, no fen, nothing of profit-calc.ts), following DOMAIN.md's
 * words at the contract's level (the sum of a contract's car shares is its whole amount).
 */

// ---- the reference: non-negative decimals as digit strings, signs kept apart ----

interface Dec {
  negative: boolean;
  /** Digits without a point, no leading zeros (but "0"). */
  digits: string;
  /** How many of them are after the point. */
  scale: number;
}

const parse = (text: string): Dec => {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [whole = '0', fraction = ''] = body.split('.');
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  return { negative: negative && /[1-9]/.test(digits), digits, scale: fraction.length };
};

const rescale = (value: Dec, scale: number): string => value.digits + '0'.repeat(scale - value.scale);

const compareDigits = (a: string, b: string): number => {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x === y ? 0 : x < y ? -1 : 1;
};

const addDigits = (a: string, b: string): string => {
  let carry = 0;
  let out = '';
  for (let i = a.length - 1, j = b.length - 1; i >= 0 || j >= 0 || carry > 0; i -= 1, j -= 1) {
    const sum = (i >= 0 ? a.charCodeAt(i) - 48 : 0) + (j >= 0 ? b.charCodeAt(j) - 48 : 0) + carry;
    out = String(sum % 10) + out;
    carry = sum >= 10 ? 1 : 0;
  }
  return out.replace(/^0+(?=\d)/, '');
};

/** a − b for a ≥ b. */
const subDigits = (a: string, b: string): string => {
  let borrow = 0;
  let out = '';
  for (let i = a.length - 1, j = b.length - 1; i >= 0; i -= 1, j -= 1) {
    let d = a.charCodeAt(i) - 48 - borrow - (j >= 0 ? b.charCodeAt(j) - 48 : 0);
    borrow = d < 0 ? 1 : 0;
    if (d < 0) d += 10;
    out = String(d) + out;
  }
  return out.replace(/^0+(?=\d)/, '');
};

const mulDigits = (a: string, b: string): string => {
  const result = new Array<number>(a.length + b.length).fill(0);
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const at = i + j + 1;
      const sum = (a.charCodeAt(i) - 48) * (b.charCodeAt(j) - 48) + (result[at] ?? 0);
      result[at] = sum % 10;
      result[at - 1] = (result[at - 1] ?? 0) + Math.floor(sum / 10);
    }
  return result.join('').replace(/^0+(?=\d)/, '');
};

const add = (x: Dec, y: Dec): Dec => {
  const scale = Math.max(x.scale, y.scale);
  const a = rescale(x, scale);
  const b = rescale(y, scale);
  if (x.negative === y.negative) return parse(`${x.negative ? '-' : ''}${point(addDigits(a, b), scale)}`);
  const order = compareDigits(a, b);
  if (order === 0) return parse('0');
  const [big, small, negative] = order > 0 ? [a, b, x.negative] : [b, a, y.negative];
  return parse(`${negative ? '-' : ''}${point(subDigits(big, small), scale)}`);
};
const negate = (x: Dec): Dec => ({ ...x, negative: !x.negative && /[1-9]/.test(x.digits) });
const sub = (x: Dec, y: Dec): Dec => add(x, negate(y));
const mul = (x: Dec, y: Dec): Dec =>
  parse(`${x.negative !== y.negative ? '-' : ''}${point(mulDigits(x.digits, y.digits), x.scale + y.scale)}`);

/** Digits with a point `scale` places from the right. */
const point = (digits: string, scale: number): string => {
  if (scale === 0) return digits;
  const padded = digits.padStart(scale + 1, '0');
  return `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
};

/** Rounded half away from zero to `places` decimals (half up for the non-negative amounts of DOMAIN.md). */
const round = (x: Dec, places: number): Dec => {
  if (x.scale <= places) return parse(`${x.negative ? '-' : ''}${point(rescale(x, places), places)}`);
  const cut = x.scale - places;
  const padded = x.digits.padStart(cut + 1, '0');
  let kept = padded.slice(0, -cut);
  if (padded.charCodeAt(padded.length - cut) - 48 >= 5) kept = addDigits(kept, '1');
  return parse(`${x.negative ? '-' : ''}${point(kept, places)}`);
};

/** x ÷ y to `places` decimals, rounded half away from zero: long division, digit by digit. */
const divide = (x: Dec, y: Dec, places: number): Dec => {
  const scale = Math.max(x.scale, y.scale);
  const dividend = rescale(x, scale) + '0'.repeat(places + 1);
  const divisor = rescale(y, scale).replace(/^0+(?=\d)/, '');
  let remainder = '0';
  let quotient = '';
  for (const digit of dividend) {
    remainder = `${remainder}${digit}`.replace(/^0+(?=\d)/, '');
    let q = 0;
    while (compareDigits(remainder, divisor) >= 0) {
      remainder = subDigits(remainder, divisor);
      q += 1;
    }
    quotient += String(q);
  }
  const result = parse(`${x.negative !== y.negative ? '-' : ''}${point(quotient, places + 1)}`);
  return round(result, places);
};

const text2 = (x: Dec): string => {
  const rounded = round(x, 2);
  return `${rounded.negative ? '-' : ''}${point(rescale(rounded, 2), 2)}`;
};
const text4 = (x: Dec): string => `${x.negative ? '-' : ''}${point(rescale(x, 4), 4)}`;
const ZERO = parse('0');
const isZero = (x: Dec) => !/[1-9]/.test(x.digits);

// ---- the data: deterministic "random" decimals ----

let seed = 20261127;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const digits = (count: number) => Array.from({ length: count }, () => String(Math.floor(random() * 10))).join('');
const money = (maxWhole: number) => `${Math.floor(random() * maxWhole)}.${digits(2)}`;
const fen = (amount: string) => Number(amount.replace('.', ''));

interface RefContract {
  orderNo: string;
  currency: 'USD' | 'CNY';
  total: string;
  month: string;
  day: number;
  cars: { orderPrice: string; price: string; invoice: string; other: string }[];
  receipts: { amount: string; currency: 'USD' | 'CNY'; settlement: string | null }[];
  freights: (string | null)[];
  drawbacks: (string | null)[];
}

const MONTHS = Array.from(
  { length: 24 },
  (_, i) => `${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
);
const rates = new Map<string, string>();
for (const month of MONTHS) if (random() > 0.17) rates.set(month, `${6 + Math.floor(random() * 2)}.${digits(6)}`);

const CONTRACTS = 2_000;
const RECEIPTS_EACH = 5;
const contracts: RefContract[] = Array.from({ length: CONTRACTS }, (_, i) => {
  const currency: 'USD' | 'CNY' = random() < 0.85 ? 'USD' : 'CNY';
  const carCount = 1 + Math.floor(random() * 3);
  const receipts = Array.from({ length: RECEIPTS_EACH }, () => {
    const amount = money(40_000);
    const settled = currency === 'USD' && random() < 0.7;
    return { amount, currency, settlement: settled ? money(280_000) : null };
  });
  return {
    orderNo: `REF-${String(i).padStart(5, '0')}`,
    currency,
    total: money(220_000),
    month: MONTHS[Math.floor(random() * MONTHS.length)]!,
    day: 1 + Math.floor(random() * 28),
    cars: Array.from({ length: carCount }, () => ({
      orderPrice: `${1 + Math.floor(random() * 60_000)}.${digits(2)}`,
      price: money(300_000),
      invoice: money(3_000),
      other: money(1_000),
    })),
    receipts,
    freights: random() < 0.7 ? [random() < 0.9 ? money(20_000) : null] : [],
    drawbacks: random() < 0.6 ? [random() < 0.9 ? money(30_000) : null] : [],
  };
});

interface RefFigures {
  revenue: string | null;
  costs: string;
  freight: string | null;
  drawback: string | null;
  profit: string | null;
  margin: string | null;
  fx_gain: string | null;
}

/** DOMAIN.md "Profit" at the contract's level, in decimal strings. */
const reference = (contract: RefContract): RefFigures => {
  const rate = contract.currency === 'CNY' ? '1' : (rates.get(contract.month) ?? null);
  let received = ZERO;
  let paid = ZERO;
  let fx: Dec | null = null;
  for (const receipt of contract.receipts) {
    paid = add(paid, parse(receipt.amount));
    if (receipt.currency === 'CNY') {
      received = add(received, parse(receipt.amount));
      fx = add(fx ?? ZERO, ZERO);
    } else if (receipt.settlement !== null) {
      received = add(received, parse(receipt.settlement));
      if (rate !== null)
        fx = add(fx ?? ZERO, sub(parse(receipt.settlement), round(mul(parse(receipt.amount), parse(rate)), 2)));
    } else if (rate !== null) received = add(received, round(mul(parse(receipt.amount), parse(rate)), 2));
  }
  const short = sub(parse(contract.total), paid);
  const revenue =
    rate === null ? null : add(received, short.negative || isZero(short) ? ZERO : round(mul(short, parse(rate)), 2));
  const costs = contract.cars.reduce(
    (sum, car) => add(add(add(sum, parse(car.price)), parse(car.invoice)), parse(car.other)),
    ZERO,
  );
  const recorded = (amounts: (string | null)[]) => {
    const known = amounts.filter((amount): amount is string => amount !== null);
    return known.length === 0 ? null : known.reduce((sum, amount) => add(sum, parse(amount)), ZERO);
  };
  const freight = recorded(contract.freights);
  const drawback = recorded(contract.drawbacks);
  const profit = revenue === null ? null : sub(sub(add(revenue, drawback ?? ZERO), costs), freight ?? ZERO);
  return {
    revenue: revenue === null ? null : text2(revenue),
    costs: text2(costs),
    freight: freight === null ? null : text2(freight),
    drawback: drawback === null ? null : text2(drawback),
    profit: profit === null ? null : text2(profit),
    margin: profit === null || revenue === null || isZero(revenue) ? null : text4(divide(profit, revenue, 4)),
    fx_gain: rate === null || fx === null ? null : text2(fx),
  };
};

describe('profit against an independent reference (10,000 receipts, 24 months of rates)', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeEach(async () => {
    t = await buildTestApp();
    call = caller(t.app, (await loggedInStaff(t.app)).token);
  });
  afterEach(async () => {
    await t.close();
  });

  it('the reference agrees with itself on hand-checked figures', () => {
    expect(text2(round(mul(parse('300.00'), parse('7.123456')), 2))).toBe('2137.04');
    expect(text2(round(mul(parse('0.50'), parse('7.01')), 2))).toBe('3.51');
    expect(text2(sub(parse('2130.00'), parse('2137.04')))).toBe('-7.04');
    expect(text4(divide(parse('-400.00'), parse('3600.00'), 4))).toBe('-0.1111');
    expect(text4(divide(parse('2.00'), parse('3.00'), 4))).toBe('0.6667');
  });

  it('every contract of the report equals the reference, and so do the totals and the months', async () => {
    for (const [month, rate] of rates) {
      const response = await call('PUT', `/api/rates/${month}`, { currency: 'USD', rate });
      expect(response.statusCode, response.body).toBe(200);
    }
    const at = '2026-11-27T00:00:00.000Z';
    // Written as rows in chunks (the forms have their own tests); ids follow the contracts' order.
    const orderIds: number[] = [];
    for (let start = 0; start < contracts.length; start += 200) {
      const rows = await t.db
        .insertInto('orders')
        .values(
          contracts.slice(start, start + 200).map((contract) => ({
            order_no: contract.orderNo,
            customer_id: null,
            customer_name: `Customer ${contract.orderNo}`,
            customer_address: null,
            customer_contact_way: null,
            customer_country: null,
            customer_type_id: null,
            agent_id: null,
            agent_name: null,
            amount: contract.cars.length,
            currency: contract.currency,
            total: fen(contract.total),
            agreement_no: null,
            agreement: null,
            created_by: null,
            // Noon in Asia/Shanghai: the month is the same in UTC and in the server's zone.
            created_at: `${contract.month}-${String(contract.day).padStart(2, '0')}T04:00:00.000Z`,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      orderIds.push(...rows.map((row) => row.id));
    }
    let vinSerial = 0;
    const vehicleRows = contracts.flatMap((contract, i) =>
      contract.cars.map((car) => ({
        vin: `LREF${String((vinSerial += 1)).padStart(13, '0')}`,
        order_id: orderIds[i]!,
        order_price: fen(car.orderPrice),
        order_invoice: 0,
        order_other: 0,
        price: fen(car.price),
        invoice: fen(car.invoice),
        other: fen(car.other),
        created_at: at,
        updated_at: at,
      })),
    );
    const vehicleIds: number[] = [];
    for (let start = 0; start < vehicleRows.length; start += 500) {
      const rows = await t.db
        .insertInto('vehicles')
        .values(vehicleRows.slice(start, start + 500))
        .returning('id')
        .execute();
      vehicleIds.push(...rows.map((row) => row.id));
    }
    const carsOf: number[][] = [];
    let taken = 0;
    for (const contract of contracts) {
      carsOf.push(vehicleIds.slice(taken, taken + contract.cars.length));
      taken += contract.cars.length;
    }
    const receiptRows = contracts.flatMap((contract, i) =>
      contract.receipts.map((receipt, j) => ({
        order_id: orderIds[i]!,
        amount: fen(receipt.amount),
        currency: receipt.currency,
        receipt_no: `${contract.orderNo}-${j}`,
        receipted_at: '2026-11-01',
        remitter: null,
        settlement: receipt.settlement === null ? null : fen(receipt.settlement),
        actual_total: null,
        registered_address: null,
        proof: null,
        receipt: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      })),
    );
    expect(receiptRows).toHaveLength(10_000);
    for (let start = 0; start < receiptRows.length; start += 500)
      await t.db
        .insertInto('receipts')
        .values(receiptRows.slice(start, start + 500))
        .execute();
    for (const [i, contract] of contracts.entries()) {
      for (const amount of contract.freights) {
        const row = await t.db
          .insertInto('freights')
          .values({
            order_id: orderIds[i]!,
            yffp_image: null,
            yffkd_image: null,
            freight_money: amount === null ? null : fen(amount),
            created_by: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('freight_vehicles')
          .values(carsOf[i]!.map((vehicle_id) => ({ freight_id: row.id, vehicle_id })))
          .execute();
      }
      for (const amount of contract.drawbacks) {
        const row = await t.db
          .insertInto('tax_refunds')
          .values({
            order_id: orderIds[i]!,
            drawback_money: amount === null ? null : fen(amount),
            created_by: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('tax_refund_vehicles')
          .values(carsOf[i]!.map((vehicle_id) => ({ tax_refund_id: row.id, vehicle_id })))
          .execute();
      }
    }

    const rows = new Map<number, Record<string, unknown>>();
    let report: { totals: Record<string, unknown>; by_month: { month: string; profit: string }[] } | undefined;
    for (let page = 1; ; page += 1) {
      const response = await call(
        'GET',
        `/api/report/profit?start_time=2025-01-01&end_time=2026-12-31&sort=id&order=asc&limit=100&page=${page}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      report = data;
      for (const row of data.data) rows.set(row.id, row);
      if (data.data.length < 100) break;
    }
    expect(rows.size).toBe(CONTRACTS);

    const fields = ['revenue', 'costs', 'freight', 'drawback', 'profit', 'margin', 'fx_gain'] as const;
    let mismatches = 0;
    let revenueSum = ZERO;
    let profitSum = ZERO;
    let fxSum = ZERO;
    const monthSums = new Map<string, Dec>();
    let withoutRate = 0;
    for (const [i, contract] of contracts.entries()) {
      const expected = reference(contract);
      const row = rows.get(orderIds[i]!);
      const actual = Object.fromEntries(fields.map((field) => [field, row?.[field]]));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches += 1;
        if (mismatches <= 3)
          expect({ contract: contract.orderNo, ...actual }).toEqual({ contract: contract.orderNo, ...expected });
      }
      if (expected.revenue === null) withoutRate += 1;
      if (expected.revenue !== null) revenueSum = add(revenueSum, parse(expected.revenue));
      if (expected.profit !== null) {
        profitSum = add(profitSum, parse(expected.profit));
        monthSums.set(contract.month, add(monthSums.get(contract.month) ?? ZERO, parse(expected.profit)));
      }
      if (expected.fx_gain !== null) fxSum = add(fxSum, parse(expected.fx_gain));
    }
    expect(mismatches).toBe(0);
    // The data reaches every case: months without a rate, CNY contracts, unsettled and settled receipts.
    expect(withoutRate).toBeGreaterThan(50);
    expect(contracts.filter((contract) => contract.currency === 'CNY').length).toBeGreaterThan(100);
    expect(report?.totals).toMatchObject({
      contracts: CONTRACTS,
      revenue: text2(revenueSum),
      profit: text2(profitSum),
      fx_gain: text2(fxSum),
    });
    expect(report?.by_month).toEqual(MONTHS.map((month) => ({ month, profit: text2(monthSums.get(month) ?? ZERO) })));

    // A contract's own answer agrees with its report row, and its cars' shares add up to it exactly.
    for (const i of [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597]) {
      const response = await call('GET', `/api/order/${orderIds[i]!}/profit`);
      const profit = response.json().data;
      const row = rows.get(orderIds[i]!)!;
      for (const field of fields) expect(profit.totals[field], `${contracts[i]!.orderNo} ${field}`).toEqual(row[field]);
      if (profit.totals.revenue !== null) {
        const carSum = profit.cars.reduce((sum: Dec, car: { revenue: string }) => add(sum, parse(car.revenue)), ZERO);
        expect(text2(carSum)).toBe(profit.totals.revenue);
      }
    }
  }, 240_000);
});
