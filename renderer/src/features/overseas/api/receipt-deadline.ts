import { queryOptions } from '@tanstack/react-query';
import { deadlineEndpoints, type DeadlineRow } from '../../../../../contract/deadline';
import { call } from '../../../api/call';
import { queryKeys } from '../../../api/query-keys';

/**
 * The contract's receipt deadline as the deadline list has it (issue 25), when it is late or due within
 * 7 days (the list holds nothing further off); null otherwise. The list's contract filter is "contains",
 * so the row is picked by the contract's id.
 */
export const receiptDeadlineQuery = (order: { id: number; order_no: string }) =>
  queryOptions({
    queryKey: [...queryKeys.deadlines, 'receipt', order.id] as const,
    queryFn: async ({ signal }): Promise<DeadlineRow | null> => {
      const page = await call(
        deadlineEndpoints.list,
        { query: { key: 'receipt', order_no: order.order_no, state: 'open', page: 1, limit: 50 } },
        { signal, silent: true },
      );
      return page.data.find((row) => row.order_id === order.id) ?? null;
    },
    staleTime: 0,
  });

/** The receipt rule (its days, whether it is on), to say when a contract's receipts fall due further off. */
export const receiptRuleQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.deadlines, 'rules'] as const,
    queryFn: ({ signal }) => call(deadlineEndpoints.rules, {}, { signal, silent: true }),
    staleTime: 0,
    select: (rules) => rules.find((rule) => rule.key === 'receipt') ?? null,
  });
