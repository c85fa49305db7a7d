import { Tag, Tooltip } from 'antd';

/** What a tag needs of a deadline (contract/deadline.ts `DeadlineBrief` has these and its key). */
export interface DeadlineTagValue {
  label: string;
  due_on: string;
  days_left: number;
}

/** "Due soon" is 0 ≤ days left ≤ 7 (DOMAIN.md, Deadlines); below 0 it is late. */
export const DUE_SOON_DAYS = 7;

/** The words of a tag, or null when the deadline is further off than a week (nothing to say yet). */
export function deadlineWording(daysLeft: number): { text: string; color: 'orange' | 'red' } | null {
  if (daysLeft < 0) return { text: `逾期 ${-daysLeft} 天`, color: 'red' };
  if (daysLeft === 0) return { text: '今天到期', color: 'orange' };
  if (daysLeft <= DUE_SOON_DAYS) return { text: `还剩 ${daysLeft} 天`, color: 'orange' };
  return null;
}

/**
 * A deadline as a clerk glances at it on a list: orange within a week, red once late, nothing while far
 * off. The rule and the due date are in the tooltip (and the accessible name), since a car may have
 * more than one clock running.
 */
export function DeadlineTag({ deadline }: { deadline: DeadlineTagValue | null | undefined }) {
  if (!deadline) return null;
  const wording = deadlineWording(deadline.days_left);
  if (!wording) return null;
  const tip = `${deadline.label}：${deadline.due_on} 到期`;
  return (
    <Tooltip title={tip}>
      <Tag color={wording.color} className="deadline-tag" aria-label={`${deadline.label} ${wording.text}`}>
        {wording.text}
      </Tag>
    </Tooltip>
  );
}

/**
 * A work list's tag under the VIN (pickup, registry, release, filed): the line exists only while there is
 * something to say, so rows without a near deadline keep their height.
 */
export function DeadlineUnderVin({ deadline }: { deadline: DeadlineTagValue | null | undefined }) {
  if (!deadline || !deadlineWording(deadline.days_left)) return null;
  return (
    <div className="deadline-under-vin" style={{ marginTop: 2, lineHeight: 1 }}>
      <DeadlineTag deadline={deadline} />
    </div>
  );
}

/** Several deadlines of one car (the vehicle file): the nearest first, the far-off ones left out. */
export function DeadlineTags({ deadlines }: { deadlines: readonly DeadlineTagValue[] | null | undefined }) {
  const shown = [...(deadlines ?? [])]
    .filter((deadline) => deadlineWording(deadline.days_left))
    .sort((a, b) => a.days_left - b.days_left);
  if (shown.length === 0) return null;
  return (
    <span className="deadline-tags">
      {shown.map((deadline) => (
        <DeadlineTag key={`${deadline.label}-${deadline.due_on}`} deadline={deadline} />
      ))}
    </span>
  );
}
