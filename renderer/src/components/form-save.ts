import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { isHttpError, validationErrors } from '../api/http-client';

type NamePath = (string | number)[];

/** `cars.0.vin` → ['cars', 0, 'vin']: the server names nested fields with dots, antd with a path. */
export const fieldPath = (key: string): NamePath =>
  key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts the server's 422 messages under the fields they name, the one way every form does it. Only fields
 * the form shows are marked (a message for a field the clerk cannot see stays in the failure text);
 * `shownAs` lands a key the form does not show on the field that stands for it (customer_id → name).
 * Answers the paths marked, in the server's order, so a long form can scroll to the first.
 */
export function markFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  shownAs: Record<string, string> = {},
): NamePath[] {
  const fields = validationErrors(error);
  if (!fields) return [];
  const shown = new Set(Object.keys((form.getFieldsValue() ?? {}) as object));
  const marked = Object.entries(fields)
    .map(([key, errors]) => ({ name: fieldPath(shownAs[key] ?? key), errors }))
    .filter(({ name }) => shown.has(String(name[0])));
  form.setFields(marked.map(({ name, errors }) => ({ name: name as never, errors })));
  return marked.map(({ name }) => name);
}

export interface FormSave<Values> {
  saving: boolean;
  /** Why the last save was refused, shown above the fields; cleared by the next try or `forget`. */
  failure: string | undefined;
  /** A failure belongs to one opening of the form: closing it forgets the message. */
  forget: () => void;
  /**
   * Checks the fields, then sends. A refusal keeps everything typed, states the reason (`fallback` when the
   * server gave none) and marks the fields the server names. Answers whether the save went through.
   */
  save: (send: (values: Values) => Promise<unknown>, fallback: string) => Promise<boolean>;
}

/** The save of a dialog or drawer form: check, send, and keep the clerk's work when refused. */
export function useFormSave<Values>(form: FormInstance<Values>): FormSave<Values> {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const forget = useCallback(() => setFailure(undefined), []);

  const save = async (send: (values: Values) => Promise<unknown>, fallback: string) => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return false;
    setSaving(true);
    setFailure(undefined);
    try {
      await send(values);
      return true;
    } catch (error) {
      setFailure(isHttpError(error) ? error.message : fallback);
      markFieldErrors(form, error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { saving, failure, forget, save };
}
