/**
 * A contract's car line as the form holds it, and the few facts about a list of them that the editor's
 * pieces (adding, importing, the VIN check, deleting) all need. No React here.
 */
import type { FormInstance } from 'antd';

export type CarPriceField = 'order_price' | 'price';
export type CarLinesSide = 'order' | 'purchase';

/** One line as the form holds it; `order_price` on the overseas form, `price` on the purchase form. */
export interface CarLine {
  id: number;
  vin: string;
  model: string;
  order_price?: number | null;
  price?: number | null;
  invoice: number | null;
  other: number | null;
}

/** Where the list lives in the form, as antd names a field: `['cars']` by default. */
export type CarListPath = Array<string | number>;

export const newCarLine = (priceField: CarPriceField = 'order_price'): CarLine => ({
  id: 0,
  vin: '',
  model: '',
  [priceField]: null,
  invoice: 0,
  other: 0,
});

export const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** A new row nobody has typed in: an import fills these before adding more. */
export const isUntouched = (line: CarLine | undefined, priceField: CarPriceField) =>
  !line || (!line.id && blank(line.vin) && blank(line.model) && blank(line[priceField]));

/**
 * The lines as the form holds them now. Read at the moment of use, not from the last render: a lookup's
 * answer or a confirmation may come after rows were added or removed.
 */
export const readCarLines = (form: FormInstance, listPath: CarListPath): CarLine[] =>
  (form.getFieldValue(listPath) as CarLine[] | undefined) ?? [];
