import { PAGE_SIZE, type Paged } from '../../../../../contract/common';
import { vinCorrectionPaths, type VinCorrection } from '../../../../../contract/vin-correction';
import type { FilterValues } from '../../../components/filter-bar';
import { apiGet } from '../../../api/http-client';

/** `filters` is what the filter bar sent: `vinNew`. */
export const listVinCorrections = (page: number, filters: FilterValues): Promise<Paged<VinCorrection>> =>
  apiGet<Paged<VinCorrection>>(vinCorrectionPaths.list, { ...filters, page, limit: PAGE_SIZE });
