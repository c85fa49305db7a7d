/**
 * What a page form for a saved record (a contract: `/…/add` and `/…/edit/:id`) adds to `useFormPage`:
 * - the form is filled once from the record: a refetch never overwrites the clerk's typing;
 * - the save creates, or updates with the record's `updated_at` (the server's stale-save guard), with the
 *   area's messages, and makes the area's lists stale;
 * - a save refused because someone else saved first offers 放弃修改并载入最新内容;
 * - the frame's 保存 waits for the record, and a spinner covers the fields while it loads.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Button } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { messages as commonMessages } from '../../../contract/common';
import { isHttpError } from '../api/http-client';
import { existingRecordId } from './existing-record';
import type { FormPageFailure, FormPageProps, FormPageState } from './form-page';
import type { RouteRecordId } from './route-record';

export interface SavedRecord {
  updated_at: string;
}

export interface RecordFormOptions<Values, Record extends SavedRecord> {
  page: FormPageState<Values>;
  /** The route's id: an edit form when it names one. */
  route: RouteRecordId;
  /** The record's query: its data, and a refetch for 载入最新内容. */
  record: {
    data: Record | undefined;
    isPending: boolean;
    refetch: () => Promise<{ data?: Record | undefined }>;
  };
  /** Puts the record's values in the form (the screen's `resetFields` and `setFieldsValue`). */
  fill: (record: Record) => void;
}

export interface RecordSave<Values, Body> {
  /** The request's body from what the form holds. */
  body: (values: Values) => Body;
  create: (body: Body) => Promise<unknown>;
  update: (id: number, body: Body & { updated_at?: string }) => Promise<unknown>;
  /** The area's words (contract/<area>.ts): the toast after a save, the reason when the server gave none. */
  messages: { created: string; updated: string; saveFailed: string; updateFailed: string };
  /** How long the saved form stays before its tab closes, after a create and after an edit. */
  closeAfterMs: { create: number; edit: number };
  /** 422 keys the form shows under another field (customer_id → name). */
  shownAs?: Record<string, string>;
  /** The queries the save makes stale (the area's list and details, the customer suggestions). */
  staleQueries: QueryKey[];
  /**
   * Where the record a refused add names is edited (409 with `data.id`: the vehicle already has one, see
   * existing-record.ts). Given, such a refusal opens that page in this one's place instead.
   */
  existingPath?: (id: number, body: Body) => string;
}

export interface RecordForm<Values> {
  /** The route names a record: this is its edit form. */
  editing: boolean;
  save: <Body>(options: RecordSave<Values, Body>) => Promise<boolean>;
  /** `FormPage`'s record-dependent props: `<FormPage {...record.frame}>`. */
  frame: Pick<FormPageProps<Values>, 'saveDisabled' | 'loading' | 'failureAction'>;
}

export function useRecordForm<Values, Record extends SavedRecord>({
  page,
  route,
  record,
  fill,
}: RecordFormOptions<Values, Record>): RecordForm<Values> {
  const queryClient = useQueryClient();
  const editing = route.given;
  const loadedUpdatedAt = useRef<string>(undefined);
  const filledFrom = useRef<Record>(undefined);
  // The screen's fill may change with every render; filling must not run again because of it.
  const fillRef = useRef(fill);
  useEffect(() => {
    fillRef.current = fill;
  });

  const fillFrom = useCallback((saved: Record) => {
    fillRef.current(saved);
    loadedUpdatedAt.current = saved.updated_at;
    filledFrom.current = saved;
  }, []);

  // Filled once from the record: a refetch must never overwrite what the clerk is typing.
  useEffect(() => {
    if (record.data && filledFrom.current === undefined) fillFrom(record.data);
  }, [record.data, fillFrom]);

  const save = async <Body,>(options: RecordSave<Values, Body>) => {
    let openInstead: string | undefined;
    const saved = await page.save({
      send: (values) => {
        const body = options.body(values);
        if (editing && route.id !== undefined) {
          return options.update(route.id, { ...body, updated_at: loadedUpdatedAt.current });
        }
        return options.create(body).catch((error: unknown) => {
          const existing = existingRecordId(error);
          if (existing !== undefined && options.existingPath) openInstead = options.existingPath(existing, body);
          throw error;
        });
      },
      fallback: editing ? options.messages.updateFailed : options.messages.saveFailed,
      savedMessage: editing ? options.messages.updated : options.messages.created,
      closeAfterMs: editing ? options.closeAfterMs.edit : options.closeAfterMs.create,
      shownAs: options.shownAs,
      onSaved: () => {
        for (const queryKey of options.staleQueries) void queryClient.invalidateQueries({ queryKey });
      },
    });
    // The vehicle has the record already: its edit page opens in this one's place; the refusal's words
    // (车辆 … 已有…，请编辑原记录) stay on screen as the toast.
    if (!saved && openInstead !== undefined) page.openInstead(openInstead);
    return saved;
  };

  const reloadLatest = async () => {
    const fresh = await record.refetch();
    if (fresh.data) {
      fillFrom(fresh.data);
      page.markUnchanged();
      page.clearFailure();
    }
  };

  /** A save refused because someone else saved first: the clerk may drop the edits for the latest. */
  const staleAction = ({ text, error }: FormPageFailure) =>
    isHttpError(error) && error.status === 409 && text === commonMessages.staleRecord ? (
      <Button size="small" onClick={() => void reloadLatest()}>
        放弃修改并载入最新内容
      </Button>
    ) : undefined;

  return {
    editing,
    save,
    frame: {
      saveDisabled: editing && !record.data,
      loading: editing && record.isPending,
      failureAction: staleAction,
    },
  };
}
