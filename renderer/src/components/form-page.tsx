/**
 * The frame of a form that is a whole page (a contract, later a purchase or a pickup): the title with
 * 保存 (primary, Ctrl+S) and 取消 in a header that stays on screen, the reason of a refused save above the
 * fields, and the page's closing.
 *
 * `useFormPage(form, { closeTo })` holds the state; `<FormPage page={…} title={…}>` draws it around the
 * screen's own `<Form>`. A save:
 * - checks the fields and scrolls to the first wrong one;
 * - sends `{ ...every value the form holds, ...the checked values }`; a refusal keeps everything typed,
 *   shows the reason above the fields and as a toast, and marks the fields a 422 names (`markFieldErrors`,
 *   `shownAs` for ids shown by name), scrolling to the first;
 * - on success says `savedMessage`, runs `onSaved` (refresh the lists) and closes the tab after
 *   `closeAfterMs` (spec part 1, section 9: 2 s after a create, 1 s after an edit), without asking.
 * Leaving with unsaved changes (取消, the tag's ×, a menu entry, reload) asks first (`useUnsavedChanges`);
 * the screen's `<Form onValuesChange={page.markChanged}>` tells the frame what the clerk changed.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, App, Button, Card, Form, Space, Spin, type FormInstance, type FormProps } from 'antd';
import { CloseOutlined, SaveOutlined } from '@ant-design/icons';
import { isHttpError } from '../api/http-client';
import { markFieldErrors } from './form-save';
import { useClosePage } from './use-close-page';
import { useTagsStore } from '../stores/tags';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface FormPageFailure {
  text: string;
  error: unknown;
}

export interface FormPageSave<Values> {
  send: (values: Values) => Promise<unknown>;
  /** The reason shown when the server gave none. */
  fallback: string;
  savedMessage: string;
  closeAfterMs: number;
  /** 422 keys the form shows under another field (customer_id → name). */
  shownAs?: Record<string, string>;
  onSaved?: () => void;
}

export interface FormPageState<Values> {
  form: FormInstance<Values>;
  saving: boolean;
  /** Saved, waiting for the tab to close: no second save. */
  closing: boolean;
  failure: FormPageFailure | undefined;
  clearFailure: () => void;
  /** Answers whether the save went through. */
  save: (options: FormPageSave<Values>) => Promise<boolean>;
  /** 取消: asks first when something was changed, then closes the tab and goes back. */
  cancel: () => void;
  /** Closes at once (a record that does not exist has nothing to lose). */
  close: () => void;
  /**
   * Puts another page in this one's place (its tab and its history entry) without asking: an add refused
   * because the vehicle already has the record opens that record's edit page instead.
   */
  openInstead: (path: string) => void;
  /**
   * The clerk changed something: give it to the `<Form onValuesChange>`, which antd calls for the clerk's
   * changes only (typing, picking, uploading, adding a line), never for the screen's own `setFieldsValue`
   * (filling from the record). `form.isFieldsTouched()` cannot tell the two apart: antd marks fields set
   * by `setFieldsValue` as touched.
   */
  markChanged: () => void;
  /** What the form holds is what was loaded again (放弃修改并载入最新内容). */
  markUnchanged: () => void;
}

export interface UseFormPageOptions {
  /** Where the page goes when it was opened directly (nothing to go back to). */
  closeTo: string;
}

const firstErrorField = (error: unknown) =>
  (error as { errorFields?: { name: (string | number)[] }[] } | undefined)?.errorFields?.[0]?.name;

export function useFormPage<Values>(
  form: FormInstance<Values>,
  { closeTo }: UseFormPageOptions,
): FormPageState<Values> {
  const { message } = App.useApp();
  const closePage = useClosePage(closeTo);
  const navigate = useNavigate();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<FormPageFailure>();
  const closeTimer = useRef<number>(undefined);
  const changed = useRef(false);
  const unsaved = useUnsavedChanges(() => changed.current);
  const markChanged = useCallback(() => {
    changed.current = true;
  }, []);
  const markUnchanged = useCallback(() => {
    changed.current = false;
  }, []);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const busy = useRef(false);
  const save = async (options: FormPageSave<Values>): Promise<boolean> => {
    if (busy.current || closing) return false;
    let checked: Values;
    try {
      checked = await form.validateFields();
    } catch (error) {
      const first = firstErrorField(error);
      if (first) form.scrollToField(first as never, { block: 'center' });
      return false;
    }
    busy.current = true;
    setSaving(true);
    setFailure(undefined);
    try {
      await options.send({ ...(form.getFieldsValue(true) as Values), ...checked });
      void message.success(options.savedMessage);
      unsaved.allowLeave();
      setClosing(true);
      options.onSaved?.();
      closeTimer.current = window.setTimeout(closePage, options.closeAfterMs);
      return true;
    } catch (error) {
      // Everything typed stays where it is.
      const text = isHttpError(error) ? error.message : options.fallback;
      setFailure({ text, error });
      void message.error(text, 5);
      const [first] = markFieldErrors(form, error, options.shownAs);
      if (first) form.scrollToField(first as never, { block: 'center' });
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const cancel = useCallback(() => {
    void unsaved.confirmLeave().then((leave) => {
      if (!leave) return;
      unsaved.allowLeave();
      closePage();
    });
  }, [unsaved, closePage]);

  const close = useCallback(() => {
    unsaved.allowLeave();
    closePage();
  }, [unsaved, closePage]);

  const openInstead = useCallback(
    (path: string) => {
      // A save that leads on (继续录入…) started this page's closing: the page that takes its place must not
      // be closed by it when the timer fires (the tab stays alive until its tag is gone).
      window.clearTimeout(closeTimer.current);
      unsaved.allowLeave();
      useTagsStore.getState().close(location.pathname);
      navigate(path, { replace: true });
    },
    [unsaved, location.pathname, navigate],
  );

  const clearFailure = useCallback(() => setFailure(undefined), []);

  return {
    form,
    saving,
    closing,
    failure,
    clearFailure,
    save,
    cancel,
    close,
    openInstead,
    markChanged,
    markUnchanged,
  };
}

export interface FormPageProps<Values> {
  page: FormPageState<Values>;
  title: ReactNode;
  /** What 保存 and Ctrl+S do: usually `page.save({...})`. */
  onSave: () => void;
  /** 保存 stays disabled while this is true (the record is still loading, say). */
  saveDisabled?: boolean;
  /** The spinner over the fields while the record loads. */
  loading?: boolean;
  /** A button beside the failure's text (放弃修改并载入最新内容 after a stale save, say). */
  failureAction?: (failure: FormPageFailure) => ReactNode;
  className?: string;
  /** Buttons before 保存 (保存并录入… on a screen that leads on to another), shown while not saving. */
  actions?: ReactNode;
  children: ReactNode;
}

export function FormPage<Values>({
  page,
  title,
  onSave,
  saveDisabled = false,
  loading = false,
  failureAction,
  className,
  actions,
  children,
}: FormPageProps<Values>) {
  // Ctrl+S (⌘S) saves, as in any office program.
  const onSaveRef = useRef(onSave);
  useEffect(() => {
    onSaveRef.current = onSave;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        onSaveRef.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const { failure } = page;
  return (
    <div className={className ? `page form-page ${className}` : 'page form-page'}>
      <Card
        variant="borderless"
        title={title}
        extra={
          <Space>
            {actions}
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={page.saving}
              disabled={page.closing || saveDisabled}
              onClick={onSave}
              title="保存（Ctrl+S）"
            >
              保存
            </Button>
            <Button icon={<CloseOutlined />} onClick={page.cancel} disabled={page.saving}>
              取消
            </Button>
          </Space>
        }
        // The buttons stay in reach while the clerk scrolls down a long form.
        styles={{
          header: { position: 'sticky', top: 0, zIndex: 3, background: 'var(--ant-color-bg-container, #fff)' },
        }}
      >
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure.text}
            style={{ marginBottom: 16 }}
            action={failureAction?.(failure)}
            closable={{ onClose: page.clearFailure }}
          />
        )}
        <Spin spinning={loading} description="正在加载…">
          {children}
        </Spin>
      </Card>
    </div>
  );
}

/**
 * The `<Form>` inside a `FormPage`: fields above their labels, a refused check scrolls the first wrong
 * field to the middle, and Enter in a box does not submit, since a clerk moving through the fields with
 * Enter must not save half a contract (保存 and Ctrl+S save).
 */
export function PageForm<Values>({ children, ...props }: FormProps<Values> & { children: ReactNode }) {
  return (
    <Form<Values>
      layout="vertical"
      scrollToFirstError={{ block: 'center' }}
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
      }}
      {...props}
    >
      {children}
    </Form>
  );
}
