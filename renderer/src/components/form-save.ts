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
 * A key deeper than any field lands on the nearest field that holds it: `contracts.1` (the second file)
 * on the `contracts` upload. Answers the paths marked, in the server's order, so a long form can scroll
 * to the first.
 */
export function markFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  shownAs: Record<string, string> = {},
): NamePath[] {
  const fields = validationErrors(error);
  if (!fields) return [];
  const registered = new Set(form.getFieldsError().map(({ name }) => JSON.stringify(name)));
  const nearestField = (path: NamePath): NamePath | undefined => {
    for (let length = path.length; length > 0; length -= 1) {
      const candidate = path.slice(0, length);
      if (registered.has(JSON.stringify(candidate))) return candidate;
    }
    return undefined;
  };
  const marked = new Map<string, { name: NamePath; errors: string[] }>();
  for (const [key, errors] of Object.entries(fields)) {
    const name = nearestField(fieldPath(shownAs[key] ?? key));
    if (!name) continue;
    const id = JSON.stringify(name);
    const entry = marked.get(id) ?? { name, errors: [] };
    entry.errors.push(...errors.filter((message) => !entry.errors.includes(message)));
    marked.set(id, entry);
  }
  form.setFields([...marked.values()].map(({ name, errors }) => ({ name: name as never, errors })));
  return [...marked.values()].map(({ name }) => name);
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
