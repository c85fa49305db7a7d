import { hashPassword } from '../src/modules/auth/password';
import {
  agentOf,
  buyerOf,
  carsOf,
  customerCountry,
  customerKind,
  customerName,
  dateOf,
  FULL_SCALE,
  hash,
  iso,
  modelOf,
  orderNo,
  orderTime,
  phaseOf,
  purchaseNo,
  purchasesOf,
  purchaseType,
  receiptsOf,
  type SeedPlan,
  sellerOf,
  unit,
  vehicleState,
  vinOf,
} from './seed-data';
import { BENCH_ADMIN, md5md5 } from './bench-admin';
import { ChunkedWriter, type Row } from './chunked-writer';

/**
 * The rows of the bench's database, as seed-data.ts plans them: users, customers, then contracts in
 * batches with their vehicles, receipts, purchases, remittances and part-2 records, then VIN corrections.
 */

export interface SeedCounts {
  customers: number;
  orders: number;
  vehicles: number;
  receipts: number;
  purchases: number;
  remits: number;
  vin_corrections: number;
  users: number;
  check_ins: number;
  platings: number;
  transfers: number;
  release_passes: number;
}

const PROOF = '/storage/image/2026/11/bench-proof.jpg';
const PROOFS = JSON.stringify([PROOF]);
const YARD_AGENTS = ['张师傅', '王建国', '李强', '赵师傅', '刘洋', '陈伟', '杨师傅', '黄磊'];
const PLATE_DOCUMENTS = [
  'xsz_image',
  'djz_image',
  'lp_image',
  'fp_image',
  'hgz_image',
  'ycxzs_image',
  'hbqd_image',
  'bx_image',
] as const;
const TRANSFER_DOCUMENTS = [
  'djz_image',
  'lp_image',
  'usedcar_invoices_image',
  'zzs_invoices_image',
  'xsz_image',
] as const;

/** The part-2 records of one batch of contracts, written after their vehicles. */
class YardRecords {
  readonly checkIns: Row[] = [];
  readonly platings: Row[] = [];
  readonly transfers: Row[] = [];
  readonly passes: Row[] = [];
  readonly passVehicles: Row[] = [];
  /** Purchase contract id → its release pass. */
  readonly passOf = new Map<number, number>();

  async write(writer: ChunkedWriter, counts: SeedCounts): Promise<void> {
    await writer.insert('check_ins', this.checkIns);
    await writer.insert('platings', this.platings);
    await writer.insert('transfers', this.transfers);
    await writer.insert('release_passes', this.passes);
    await writer.insert('release_pass_vehicles', this.passVehicles);
    counts.check_ins += this.checkIns.length;
    counts.platings += this.platings.length;
    counts.transfers += this.transfers.length;
    counts.release_passes += this.passes.length;
  }
}
const CONTRACT_FILE = '["/storage/contract/2026/11/bench-contract.pdf"]';

/** Every row of the database, written table by table in batches of contracts (parents first). */
export const writeAll = async (writer: ChunkedWriter, plan: SeedPlan): Promise<SeedCounts> => {
  const counts: SeedCounts = {
    customers: 0,
    orders: 0,
    vehicles: 0,
    receipts: 0,
    purchases: 0,
    remits: 0,
    vin_corrections: 0,
    users: 0,
    check_ins: 0,
    platings: 0,
    transfers: 0,
    release_passes: 0,
  };
  const passwordHash = await hashPassword(md5md5(BENCH_ADMIN.password), 'production');
  const start = iso(orderTime(plan, 0) - 30 * 86_400_000);
  const users: Row[] = Array.from({ length: FULL_SCALE.staff }, (_, k) => ({
    id: k + 1,
    username: k === 0 ? BENCH_ADMIN.username : `clerk_${k}`,
    nickname: k === 0 ? '管理员' : `员工${k}`,
    phone_number: `138${String(k).padStart(8, '0')}`,
    password_hash: passwordHash,
    status: 1,
    created_at: start,
    updated_at: start,
    deleted_at: null,
  }));
  await writer.insert('users', users);
  counts.users = users.length;
  const clerk = (n: number) => 2 + (n % (FULL_SCALE.staff - 1));

  const customers: Row[] = Array.from({ length: plan.customers }, (_, index) => {
    const at = iso(orderTime(plan, Math.floor((index / plan.customers) * plan.orders)) - 7 * 86_400_000);
    return {
      id: index + 1,
      name: customerName(plan, index),
      type_id: customerKind(plan, index) === 'agent' ? 2 : 1,
      address: `${customerCountry(index)} 商业街 ${index % 300} 号`,
      country: customerCountry(index),
      contact_name: null,
      contact_way: `+971 50 ${String(hash(index, 30) % 10_000_000).padStart(7, '0')}`,
      created_by: clerk(index),
      created_at: at,
      updated_at: at,
    };
  });
  await writer.insert('customers', customers);
  counts.customers = customers.length;

  const BATCH = 2000;
  let vehicleId = 0;
  let receiptId = 0;
  let purchaseId = 0;
  let remitId = 0;
  let checkInId = 0;
  let platingId = 0;
  let transferId = 0;
  let passId = 0;
  const corrected: { n: number; vin: string; at: number }[] = [];
  for (let first = 0; first < plan.orders; first += BATCH) {
    const orders: Row[] = [];
    const purchases: Row[] = [];
    const vehicles: Row[] = [];
    const receipts: Row[] = [];
    const remits: Row[] = [];
    const records = new YardRecords();
    for (let i = first; i < Math.min(first + BATCH, plan.orders); i += 1) {
      const signed = orderTime(plan, i);
      const at = iso(signed);
      const year = Number(at.slice(0, 4));
      const phase = phaseOf(plan, i);
      const orderId = i + 1;
      const cars = carsOf(i);
      const currency = unit(i, 31) < 0.9 ? 'USD' : 'CNY';
      const purchaseCount = purchasesOf(plan, i);
      const purchaseIds = Array.from({ length: purchaseCount }, (_, k) => purchaseId + k + 1);
      const types = Array.from({ length: purchaseCount }, (_, k) => purchaseType(i, k));
      let total = 0;
      let complete = cars;
      const purchaseTotals = purchaseIds.map(() => 0);
      const purchaseCars = purchaseIds.map(() => 0);
      for (let car = 0; car < cars; car += 1) {
        const n = vehicleId;
        vehicleId += 1;
        const k = purchaseCount === 0 ? -1 : car % purchaseCount;
        const state = vehicleState(plan, i, car, k < 0 ? 1 : (types[k] ?? 1));
        if (!(state.drawback === 2 && state.archive === 2 && state.freight === 2)) complete -= 1;
        const vin = vinOf(n, year);
        if (n % 250 === 125) corrected.push({ n, vin, at: signed });
        const orderPrice = 800_000 + (hash(n, 32) % 5_200_000);
        const price = Math.round(orderPrice * 6.8);
        total += orderPrice;
        if (k >= 0) {
          purchaseTotals[k] = (purchaseTotals[k] ?? 0) + price;
          purchaseCars[k] = (purchaseCars[k] ?? 0) + 1;
        }
        vehicles.push({
          id: n + 1,
          vin,
          model: modelOf(n),
          order_id: orderId,
          purchase_id: k >= 0 ? (purchaseIds[k] ?? null) : null,
          order_price: orderPrice,
          order_invoice: 50_000,
          order_other: 0,
          price: k >= 0 ? price : null,
          invoice: k >= 0 ? 30_000 : null,
          other: k >= 0 ? 0 : null,
          ...state,
          created_at: at,
          updated_at: at,
        });
        // The yard and registry records behind the stage values (a value above 0 means a record exists).
        const vehicle = n + 1;
        const stamp = (days: number) => {
          const when = iso(signed + days * 86_400_000);
          return { created_by: clerk(n), created_at: when, updated_at: when };
        };
        if (state.entry > 0) {
          checkInId += 1;
          records.checkIns.push({
            id: checkInId,
            vehicle_id: vehicle,
            dl_name: YARD_AGENTS[n % YARD_AGENTS.length] ?? null,
            wg_image: PROOF,
            vin_image: PROOF,
            car_images: PROOFS,
            remark: null,
            ...stamp(15),
          });
        }
        if (state.plate > 0) {
          platingId += 1;
          // A plating still missing documents (value 1) has four of its eight.
          const present = state.plate === 2 ? 8 : 4;
          records.platings.push({
            id: platingId,
            vehicle_id: vehicle,
            yy_date: dateOf(signed + 20 * 86_400_000),
            ...Object.fromEntries(PLATE_DOCUMENTS.map((field, d) => [field, d < present ? PROOF : null])),
            car_images: '[]',
            rate: Math.floor((present * 100) / 8),
            ...stamp(22),
          });
        }
        if (state.transfer > 0) {
          transferId += 1;
          const present = state.transfer === 2 ? 5 : 3;
          records.transfers.push({
            id: transferId,
            vehicle_id: vehicle,
            ...Object.fromEntries(TRANSFER_DOCUMENTS.map((field, d) => [field, d < present ? PROOF : null])),
            car_images: '[]',
            rate: Math.floor((present * 100) / 5),
            ...stamp(22),
          });
        }
        // One release pass per purchase contract for its released vehicles.
        const purchaseOfCar = k >= 0 ? purchaseIds[k] : undefined;
        if (state.release > 0 && purchaseOfCar !== undefined) {
          let pass = records.passOf.get(purchaseOfCar);
          if (pass === undefined) {
            passId += 1;
            pass = passId;
            records.passOf.set(purchaseOfCar, pass);
            records.passes.push({
              id: pass,
              order_id: orderId,
              purchase_id: purchaseOfCar,
              fxt_image: PROOF,
              lc_image: PROOF,
              car_images: '[]',
              ...stamp(40),
            });
          }
          records.passVehicles.push({ release_pass_id: pass, vehicle_id: vehicle });
        }
      }
      const buyer = buyerOf(plan, i);
      const agent = agentOf(plan, i);
      orders.push({
        id: orderId,
        order_no: orderNo(plan, i),
        customer_id: buyer + 1,
        customer_name: customerName(plan, buyer),
        customer_address: `${customerCountry(buyer)} 商业街 ${buyer % 300} 号`,
        customer_contact_way: `+971 50 ${String(hash(buyer, 30) % 10_000_000).padStart(7, '0')}`,
        customer_country: customerCountry(buyer),
        customer_type_id: 1,
        agent_id: agent + 1,
        agent_name: customerName(plan, agent),
        amount: cars,
        currency,
        total,
        status: phase === 'open' ? 1 : complete === cars ? 6 : 2,
        contracts: CONTRACT_FILE,
        agreement_no: unit(i, 34) < 0.5 ? `XY${String(i + 1).padStart(6, '0')}` : null,
        agreement: null,
        created_by: clerk(i),
        created_at: at,
        updated_at: at,
      });
      const receiptCount = receiptsOf(plan, i);
      const paidShare = phase === 'done' || phase === 'filing' ? 1 : 0.3;
      for (let r = 0; r < receiptCount; r += 1) {
        receiptId += 1;
        const amount =
          r === receiptCount - 1
            ? Math.round(total * paidShare) - Math.round(((total * paidShare) / receiptCount) * r)
            : Math.round((total * paidShare) / receiptCount);
        const receiptedAt = signed + (r + 1) * 9 * 86_400_000;
        receipts.push({
          id: receiptId,
          order_id: orderId,
          amount,
          currency,
          receipt_no: `SK${String(receiptId).padStart(7, '0')}`,
          receipted_at: dateOf(receiptedAt),
          remitter: customerName(plan, buyer),
          settlement: null,
          actual_total: null,
          registered_address: null,
          proof: PROOF,
          receipt: null,
          is_deposit: r === 0 && receiptCount > 1 ? 1 : 0,
          created_by: clerk(receiptId),
          created_at: iso(receiptedAt),
          updated_at: iso(receiptedAt),
        });
      }
      purchaseIds.forEach((id, k) => {
        const seller = sellerOf(plan, i, k);
        const bought = signed + 5 * 86_400_000;
        const purchaseTotal = purchaseTotals[k] ?? 0;
        const paid = phase === 'purchase' ? 0.5 : 1;
        const remitCount = 1 + (unit(i, k, 35) < 0.5 ? 1 : 0);
        for (let r = 0; r < remitCount; r += 1) {
          remitId += 1;
          const paidAt = iso(bought + (r + 1) * 3 * 86_400_000);
          remits.push({
            id: remitId,
            purchase_id: id,
            amount: Math.round((purchaseTotal * paid) / remitCount),
            currency: 'CNY',
            bank_slips: PROOF,
            created_by: clerk(remitId),
            created_at: paidAt,
            updated_at: paidAt,
          });
        }
        purchases.push({
          id,
          purchase_no: purchaseNo(i, k),
          type: types[k] ?? 1,
          order_id: orderId,
          customer_id: seller + 1,
          customer_name: customerName(plan, seller),
          customer_address: `${customerCountry(seller)} 工业路 ${seller % 200} 号`,
          customer_contact_way: `139${String(hash(seller, 36) % 100_000_000).padStart(8, '0')}`,
          customer_type_id: 1,
          amount: purchaseCars[k] ?? 0,
          total: purchaseTotal,
          remit_status: paid === 1 ? 1 : 0,
          contracts: CONTRACT_FILE,
          handed_over: phase === 'purchase' ? 0 : 1,
          handed_over_at: phase === 'purchase' ? null : iso(bought + 10 * 86_400_000),
          created_by: clerk(id),
          created_at: iso(bought),
          updated_at: iso(bought),
        });
      });
      purchaseId += purchaseCount;
    }
    await writer.insert('orders', orders);
    await writer.insert('purchases', purchases);
    await writer.insert('vehicles', vehicles);
    await writer.insert('receipts', receipts);
    await writer.insert('remits', remits);
    await records.write(writer, counts);
    counts.orders += orders.length;
    counts.purchases += purchases.length;
    counts.vehicles += vehicles.length;
    counts.receipts += receipts.length;
    counts.remits += remits.length;
  }

  // One vehicle in 250 had its VIN corrected (a typo in the last character), a day after it was entered.
  const corrections: Row[] = corrected.map(({ n, vin, at }, k) => ({
    id: k + 1,
    vehicle_id: n + 1,
    vin_old: `${vin.slice(0, 16)}${vin[16] === '1' ? '7' : '1'}`,
    vin_new: vin,
    user_id: clerk(k),
    created_at: iso(at + 86_400_000),
  }));
  await writer.insert('vin_corrections', corrections);
  counts.vin_corrections = corrections.length;
  return counts;
};
