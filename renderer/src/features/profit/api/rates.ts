/** The monthly book rates (记账汇率, `GET /api/rates`, `PUT /api/rates/{month}`; issue 26). */
import { queryOptions } from '@tanstack/react-query';
import { type Rate, type RateBodyInput, profitEndpoints } from '../../../../../contract/profit';
import { call } from '../../../api/call';
import { queryKeys } from '../../../api/query-keys';

export const ratesQueryKey = queryKeys.rates;

/** Newest month first: the month a clerk sets next is at the top. */
export const ratesQuery = () =>
  queryOptions({
    queryKey: ratesQueryKey,
    queryFn: async ({ signal }) => {
      const rates = await call(profitEndpoints.rates, {}, { signal });
      return [...rates].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
    },
  });

/** The form shows its own refusal (above the fields), so the client's toast stays quiet. */
export const saveRate = (month: string, body: RateBodyInput): Promise<Rate> =>
  call(profitEndpoints.rateSave, { params: { month }, body }, { silent: true });
