/**
 * What the load bench's database holds, as pure functions of an index: the same scale always gives the
 * same rows, so the bench can pick its probe values (a VIN tail, a name, a contract number) without
 * reading them back, and a cached database is the one this file describes.
 *
 * The company: ten years of overseas contracts (about ten vehicles each), most vehicles long since
 * exported and filed, the last few months' still moving through purchase, yard, registry and release
 * (DOMAIN.md, "Where it is"); each contract bought through one purchase contract or two.
 */
import type { Flow, StageValue } from '../../contract/stage';

/** The figures of issue 9 at scale 1. */
export const FULL_SCALE = {
  orders: 50_000,
  vehicles: 500_000,
  receipts: 100_000,
  purchases: 60_000,
  customers: 20_000,
  staff: 25,
} as const;

/** A well-mixed 32-bit hash of a few integers (deterministic "randomness"). */
export const hash = (...values: number[]): number => {
  let h = 0x811c9dc5;
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
};

/** In [0, 1). */
export const unit = (...values: number[]): number => hash(...values) / 4_294_967_296;

/** floor(rate), plus one more with probability frac(rate): spreads a target count over rows. */
const spread = (rate: number, ...values: number[]) => Math.floor(rate) + (unit(...values) < rate % 1 ? 1 : 0);

export interface SeedPlan {
  scale: number;
  orders: number;
  customers: number;
  agents: number;
  buyers: number;
  sellers: number;
  receiptsPerOrder: number;
  extraPurchaseShare: number;
}

export const planFor = (scale: number): SeedPlan => {
  const orders = Math.max(50, Math.round(FULL_SCALE.orders * scale));
  const customers = Math.max(100, Math.round(FULL_SCALE.customers * scale));
  const agents = Math.round(customers * 0.1);
  const buyers = Math.round(customers * 0.5);
  const withPurchases = orders * (1 - OPEN_SHARE);
  return {
    scale,
    orders,
    customers,
    agents,
    buyers,
    sellers: customers - agents - buyers,
    receiptsPerOrder: FULL_SCALE.receipts / FULL_SCALE.orders,
    extraPurchaseShare: (Math.round(FULL_SCALE.purchases * scale) - withPurchases) / withPurchases,
  };
};

/** The newest contracts, not yet handed to purchasing (status 1, no purchase, vehicles without a flow). */
const OPEN_SHARE = 0.02;

const DAY_MS = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const SPAN_DAYS = 3650;

/** When order `i` (0 oldest) was signed: ten years, a little busier lately. */
export const orderTime = (plan: SeedPlan, i: number): number => {
  const p = i / plan.orders;
  return END - SPAN_DAYS * DAY_MS * (1 - Math.sqrt(p)) + Math.floor(unit(i, 1) * DAY_MS);
};

export const iso = (ms: number) => new Date(ms).toISOString();
export const dateOf = (ms: number) => iso(ms).slice(0, 10);

/** 1 to 19 vehicles, ten on average. */
export const carsOf = (i: number) => 1 + ((i * 7) % 19);

export const orderNo = (plan: SeedPlan, i: number) =>
  `HW${dateOf(orderTime(plan, i)).slice(0, 4)}${String(i + 1).padStart(6, '0')}`;
export const purchaseNo = (orderIndex: number, k: number) => `CG${String(orderIndex + 1).padStart(6, '0')}-${k + 1}`;

/** Where order `i`'s vehicles are in their life, from how old the contract is. */
export type Phase = 'open' | 'purchase' | 'pickup' | 'registry' | 'release' | 'filing' | 'done';

export const phaseOf = (plan: SeedPlan, i: number): Phase => {
  const p = i / plan.orders;
  if (p >= 1 - OPEN_SHARE) return 'open';
  if (p >= 0.975) return 'purchase';
  if (p >= 0.965) return 'pickup';
  if (p >= 0.95) return 'registry';
  if (p >= 0.92) return 'release';
  if (p >= 0.88) return 'filing';
  return 'done';
};

export const purchasesOf = (plan: SeedPlan, i: number): number =>
  phaseOf(plan, i) === 'open' ? 0 : 1 + (unit(i, 2) < plan.extraPurchaseShare ? 1 : 0);

export const receiptsOf = (plan: SeedPlan, i: number): number => {
  if (phaseOf(plan, i) === 'open') return unit(i, 3) < 0.3 ? 1 : 0;
  // The open contracts' few deposits are made up by the others.
  return spread(plan.receiptsPerOrder * 1.01, i, 4);
};

/** 1 new car, 2 used car: decides plating or transfer. */
export const purchaseType = (orderIndex: number, k: number): 1 | 2 => (unit(orderIndex, k, 5) < 0.35 ? 1 : 2);

export interface VehicleState {
  flow: Flow | null;
  entry: StageValue;
  plate: StageValue;
  release: StageValue;
  transfer: StageValue;
  exports: StageValue;
  drawback: StageValue;
  archive: StageValue;
  freight: StageValue;
}

const pick = <T>(u: number, values: readonly T[]): T => values[Math.floor(u * values.length)] as T;

/** Vehicle `car` of order `i`, bought as a new (1) or used (2) car. */
export const vehicleState = (plan: SeedPlan, i: number, car: number, type: 1 | 2): VehicleState => {
  const phase = phaseOf(plan, i);
  const u = (salt: number) => unit(i, car, salt);
  const none: VehicleState = {
    flow: null,
    entry: 0,
    plate: 0,
    release: 0,
    transfer: 0,
    exports: 0,
    drawback: 0,
    archive: 0,
    freight: 0,
  };
  if (phase === 'open') return none;
  if (phase === 'purchase') return { ...none, flow: 'purchase' };
  if (phase === 'pickup') return { ...none, flow: 'pickup', entry: u(10) < 0.3 ? 2 : 0 };
  // Some cars go to the registry without a check-in (noentry).
  const entry: StageValue = u(11) < 0.9 ? 2 : 0;
  const registered = (value: StageValue): Pick<VehicleState, 'plate' | 'transfer'> =>
    type === 1 ? { plate: value, transfer: 0 } : { plate: 0, transfer: value };
  if (phase === 'registry') {
    return { ...none, flow: 'registry', entry, ...registered(pick<StageValue>(u(12), [0, 0, 1])) };
  }
  if (phase === 'release') {
    return {
      ...none,
      flow: 'release',
      entry,
      ...registered(pick<StageValue>(u(13), [2, 2, 2, 1])),
      release: pick<StageValue>(u(14), [0, 2, 2]),
      exports: pick<StageValue>(u(15), [0, 1, 2, 2]),
    };
  }
  const filed = {
    ...none,
    flow: 'filing' as const,
    entry,
    ...registered(2),
    release: 2 as const,
    exports: 2 as const,
  };
  if (phase === 'filing') {
    return {
      ...filed,
      drawback: pick<StageValue>(u(16), [0, 2, 2]),
      archive: pick<StageValue>(u(17), [0, 0, 2]),
      freight: pick<StageValue>(u(18), [0, 1, 2]),
    };
  }
  // Long done: a few still lack a freight invoice or a refund.
  const straggler = u(19);
  return {
    ...filed,
    drawback: straggler < 0.01 ? 0 : 2,
    archive: 2,
    freight: straggler > 0.98 ? 1 : 2,
  };
};

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/*
 * ISO 3779's check digit, as renderer/src/components/vin.ts computes it (the server may not import the
 * renderer): letters transliterate to 1–9, positions weigh 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2, sum mod 11.
 */
const LETTER_VALUES = 'A1B2C3D4E5F6G7H8J1K2L3M4N5P7R9S2T3U4V5W6X7Y8Z9';
const CHECK_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
export const checkDigit = (vin: string): string => {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    const character = vin[index] ?? '0';
    const value = /\d/.test(character)
      ? Number(character)
      : Number(LETTER_VALUES[LETTER_VALUES.indexOf(character) + 1] ?? 0);
    sum += value * (CHECK_WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
};
const WMIS = ['LFV', 'LSV', 'LGB', 'LVS', 'LSG', 'LBV', 'LHG', 'JTD', 'JHM', 'WDD', 'WVW', 'KMH', 'LRW', 'LGX'];
/** Model-year codes 2016–2026. */
const YEAR_CODES = 'GHJKLMNPRST';

/**
 * The VIN of vehicle number `n` (0-based, across the whole database): a real-looking WMI, a check
 * digit that holds (ISO 3779), and a serial that is a bijection of `n` below one million, so every VIN is
 * unique and tails are spread like real serial numbers.
 */
export const vinOf = (n: number, year: number): string => {
  const h = hash(n, 99);
  const vds = Array.from({ length: 5 }, (_, k) => VIN_CHARS[(h >>> (k * 5)) % VIN_CHARS.length]).join('');
  const serial = String((n * 7919 + 12_345) % 1_000_000).padStart(6, '0');
  const yearCode = YEAR_CODES[Math.min(Math.max(year - 2016, 0), YEAR_CODES.length - 1)];
  const plant = VIN_CHARS[hash(n, 98) % 23];
  const draft = `${WMIS[h % WMIS.length]}${vds}0${yearCode}${plant}${serial}`;
  return `${draft.slice(0, 8)}${checkDigit(draft)}${draft.slice(9)}`;
};

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志红';
const CITIES = ['迪拜', '阿拉木图', '塔什干', '比什凯克', '拉各斯', '利雅得', '莫斯科', '第比利斯', '巴库', '开罗'];
const TRADES = ['汽车贸易', '机动车', '国际物流', '进出口', '汽车销售'];
const EN_WORDS = [
  'AL',
  'NOOR',
  'STAR',
  'GLOBAL',
  'SILK',
  'ROAD',
  'EAGLE',
  'ORIENT',
  'PRIME',
  'AUTO',
  'MOTORS',
  'TRADE',
];
const COUNTRIES = [
  '阿联酋',
  '哈萨克斯坦',
  '乌兹别克斯坦',
  '吉尔吉斯斯坦',
  '尼日利亚',
  '沙特阿拉伯',
  '俄罗斯',
  '格鲁吉亚',
];

const personName = (n: number) => {
  const h = hash(n, 21);
  const given = GIVEN[(h >>> 8) % GIVEN.length] ?? '';
  const second = h % 3 === 0 ? (GIVEN[(h >>> 16) % GIVEN.length] ?? '') : '';
  return `${SURNAMES[h % SURNAMES.length]}${given}${second}`;
};

export type CustomerKind = 'agent' | 'buyer' | 'seller';

/** Customer ids: agents first (type 2), then overseas buyers, then domestic sellers (type 1). */
export const customerKind = (plan: SeedPlan, index: number): CustomerKind =>
  index < plan.agents ? 'agent' : index < plan.agents + plan.buyers ? 'buyer' : 'seller';

export const customerName = (plan: SeedPlan, index: number): string => {
  const h = hash(index, 22);
  const kind = customerKind(plan, index);
  if (kind === 'buyer' && h % 2 === 0) {
    const words = [0, 1, 2].map((k) => EN_WORDS[(h >>> (k * 6)) % EN_WORDS.length]);
    return `${words.join(' ')} LLC ${index + 1}`;
  }
  // Two-character personal names are common and repeat; companies carry their number.
  if (h % 3 === 0) return personName(index);
  return `${CITIES[h % CITIES.length]}${personName(index).slice(1)}${TRADES[(h >>> 7) % TRADES.length]}有限公司${index + 1}`;
};

export const customerCountry = (index: number) => COUNTRIES[hash(index, 23) % COUNTRIES.length] ?? '阿联酋';

/** Order `i`'s buyer and agent (customer indexes). */
export const buyerOf = (plan: SeedPlan, i: number) => plan.agents + (hash(i, 24) % plan.buyers);
export const agentOf = (plan: SeedPlan, i: number) => hash(i, 25) % plan.agents;
export const sellerOf = (plan: SeedPlan, i: number, k: number) =>
  plan.agents + plan.buyers + (hash(i, k, 26) % plan.sellers);

export const MODELS = [
  '丰田 卡罗拉',
  '丰田 凯美瑞',
  '本田 雅阁',
  '日产 轩逸',
  '大众 帕萨特',
  '比亚迪 宋PLUS',
  '吉利 星越L',
  '长安 CS75',
];
export const modelOf = (n: number) => MODELS[hash(n, 27) % MODELS.length] ?? '丰田 卡罗拉';
