/**
 * How a history event reads to a clerk: the action and the record in Chinese, and each changed value as
 * the screens show it (money with separators, files by their names, codes in words, nothing as 空).
 */
import type { ReactNode } from 'react';
import { STORAGE_PATH_PATTERN } from '../../../contract/fields';
import {
  type HistoryAction,
  type HistoryChange,
  type HistoryEntity,
  type HistoryEvent,
  isHistoryMoneyField,
} from '../../../contract/history';
import { ORDER_STATUS } from '../../../contract/overseas';
import { purchaseTypeLabels, remitStatusLabels } from '../../../contract/purchase';
import { flowLabels, STAGES, type Flow, type Stage, stageTable } from '../../../contract/stage';
import { staffStatusLabel } from '../../../contract/staff';
import { formatMoney } from './format-money';
import { displayName } from './stored-file';

export const historyActionLabels: Record<HistoryAction, string> = {
  create: '新建',
  update: '修改',
  delete: '删除',
  link: '关联',
  detach: '移除',
  hand_over: '移交',
  finish: '完成',
  reopen: '重新打开',
  enable: '启用',
  // The staff screens' word (禁用 / 已禁用): the account status reads the same.
  disable: '禁用',
  setup: '初始化',
  password_change: '修改密码',
  correct_vin: '更正车架号',
  restore: '恢复',
};

const isStage = (entity: HistoryEntity): entity is Stage => (STAGES as readonly string[]).includes(entity);

const otherEntityLabels: Record<Exclude<HistoryEntity, Stage>, string> = {
  order: '海外合同',
  purchase: '采购合同',
  car: '车辆',
  customer: '客户',
  customer_type: '客户类型',
  receipt: '收款记录',
  remit: '打款记录',
  user: '员工账号',
  vin_alter: '车架号更正',
  deadline_rule: '期限规则',
  rate: '汇率',
  backup: '数据备份',
};

/** The record an event changed, in the words of its screens (a stage's record by the stage table). */
export const historyEntityLabel = (entity: HistoryEntity): string =>
  isStage(entity) ? stageTable[entity].recordLabel : otherEntityLabels[entity];

/** 系统 for the first-run setup and for an account no longer held. */
export const historyAuthor = (event: Pick<HistoryEvent, 'by'>): string => event.by?.nickname ?? '系统';

export const EMPTY_VALUE = '空';

export const isStoredPath = (value: unknown): value is string =>
  typeof value === 'string' && STORAGE_PATH_PATTERN.test(value);

/** Every stored file an event names, so that their uploaded names are asked for once. */
export const historyFilePaths = (events: readonly HistoryEvent[]): string[] => {
  const paths = new Set<string>();
  const add = (value: unknown) => {
    if (isStoredPath(value)) paths.add(value);
    else if (Array.isArray(value)) value.forEach(add);
  };
  for (const event of events) {
    for (const change of event.changes) {
      add(change.before);
      add(change.after);
    }
  }
  return [...paths];
};

const orderStatusLabels: Record<number, string> = {
  [ORDER_STATUS.new]: '新建',
  [ORDER_STATUS.handedOver]: '已移交',
  [ORDER_STATUS.finished]: '已完成',
};
const stageValueLabels: Record<number, string> = { 0: '无记录', 1: '资料不全', 2: '已完成' };

/** Codes a field keeps as numbers or words, in the words of the screens. */
const codeWord = (entity: HistoryEntity, field: string, value: unknown): string | undefined => {
  if (field === 'flow' && typeof value === 'string' && value in flowLabels) return flowLabels[value as Flow];
  if (typeof value !== 'number') return undefined;
  if (field === 'status' && entity === 'order') return orderStatusLabels[value];
  if (field === 'status' && entity === 'user') return staffStatusLabel[value as keyof typeof staffStatusLabel];
  if (field === 'value' && isStage(entity)) return stageValueLabels[value];
  if ((field === 'type' && entity === 'purchase') || field === 'car_type')
    return purchaseTypeLabels[value as keyof typeof purchaseTypeLabels];
  if (field === 'remit_status') return remitStatusLabels[value as keyof typeof remitStatusLabels];
  if (field === 'is_deposit' || field === 'no_entry') return value === 1 ? '是' : value === 0 ? '否' : undefined;
  return undefined;
};

const VIN_FIELDS = new Set(['vin', 'vins']);
export const VIN_FONT = 'ui-monospace, SFMono-Regular, Consolas, "Liberation Mono", monospace';

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** One value of a change as text: 空, a sum with separators, file names, a code's word, a list joined. */
export const historyValueText = (
  entity: HistoryEntity,
  field: string,
  value: unknown,
  lookups?: HistoryLookups,
): string => {
  const names = lookups?.names;
  if (isEmpty(value)) return EMPTY_VALUE;
  if (isHistoryMoneyField(entity, field)) {
    const amount = Number(value);
    return Number.isFinite(amount) ? formatMoney(amount) : String(value);
  }
  if (isStoredPath(value)) return displayName(value, names);
  if (Array.isArray(value)) return value.map((item) => historyValueText(entity, field, item, lookups)).join('、');
  const word = codeWord(entity, field, value);
  if (word !== undefined) return word;
  const typeName = typeof value === 'number' ? lookups?.customerTypes?.[value] : undefined;
  if (CUSTOMER_TYPE_FIELDS.has(field) && typeName) return typeName;
  // A stage record's share of its documents, in whole percent as its page shows it.
  if (field === 'rate' && isStage(entity) && typeof value === 'number') return `${value}%`;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
};

/** How one change is said: 「label: before → after」, or 「label: value」 where there is no before. */
export type ChangeShape = 'arrow' | 'value';

/**
 * A new record has no before, so its fields are listed with their values; so are the facts an action
 * states once (a VIN correction's reason, the logins a disabled account lost). A field an edit filled
 * in stays 空 → value.
 */
export const changeShape = (event: Pick<HistoryEvent, 'action'>, change: HistoryChange): ChangeShape =>
  event.action === 'create' || event.action === 'setup' || (event.action !== 'update' && isEmpty(change.before))
    ? 'value'
    : 'arrow';

/** Ids of other records: a new record's names say it better (客户名称), and an id means nothing to a clerk. */
const REFERENCE_FIELDS = new Set(['customer_id', 'order_id', 'purchase_id', 'agent_id', 'correction_id']);

/** The changes worth a line: a new record's empty fields and references are left out. */
export const shownChanges = (event: Pick<HistoryEvent, 'action' | 'changes'>): HistoryChange[] =>
  event.action === 'create' || event.action === 'setup'
    ? event.changes.filter((change) => !isEmpty(change.after) && !REFERENCE_FIELDS.has(change.field))
    : event.changes;

const CUSTOMER_TYPE_FIELDS = new Set(['type_id', 'customer_type_id']);

/** Names the history needs beyond the event: the files' uploaded names, customer types by id. */
export interface HistoryLookups {
  names: Readonly<Record<string, string>>;
  customerTypes?: Readonly<Record<number, string>>;
}

/** Whether an event names a customer type by id, so that the types' names are worth asking for. */
export const namesCustomerTypes = (events: readonly HistoryEvent[]): boolean =>
  events.some((event) => event.changes.some((change) => CUSTOMER_TYPE_FIELDS.has(change.field)));

export function HistoryValue({
  entity,
  field,
  value,
  lookups,
}: {
  entity: HistoryEntity;
  field: string;
  value: unknown;
  lookups: HistoryLookups;
}): ReactNode {
  const text = historyValueText(entity, field, value, lookups);
  const empty = isEmpty(value);
  return (
    <span
      className={empty ? 'history-value history-value-empty' : 'history-value'}
      style={{
        ...(empty ? { color: 'rgba(0, 0, 0, 0.45)' } : {}),
        ...(VIN_FIELDS.has(field) && !empty ? { fontFamily: VIN_FONT } : {}),
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </span>
  );
}
