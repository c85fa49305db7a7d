import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router-dom';
import { useTagsStore } from '../stores/tags';

export const unsavedChangesMessages = {
  title: '有未保存的修改，确定离开吗？',
  content: '离开后，本页填写的内容不会保存。',
  leave: '离开',
  stay: '继续编辑',
} as const;

export interface UnsavedChanges {
  /** Asks 离开 / 继续编辑 when there is something to lose; answers whether to leave. */
  confirmLeave: () => Promise<boolean>;
  /** Lets the next navigation through without asking (after a save, say). */
  allowLeave: () => void;
}

/**
 * Keeps a screen with unsaved changes from being left by accident. `isDirty` is read at the moment of
 * leaving, so it can ask the form itself (`form.isFieldsTouched()`). Covered: every route change (a menu
 * entry, a tag, the breadcrumb, the browser's back) through react-router's blocker (the app runs on a data
 * router, app/router.tsx); closing the screen's tag (the tags bar asks the store's leave guard first); the
 * page's own 取消 (`confirmLeave`); and reload or closing the window: a browser asks its own question (a
 * page cannot word it); in the desktop app main asks 离开 / 继续编辑 natively (main/window.ts,
 * askBeforeUnload), as Electron itself would cancel the close without a word.
 */
export function useUnsavedChanges(isDirty: () => boolean): UnsavedChanges {
  const { modal } = App.useApp();
  const isDirtyRef = useRef(isDirty);
  useEffect(() => {
    isDirtyRef.current = isDirty;
  });
  const leaving = useRef(false);
  const asking = useRef<Promise<boolean>>(undefined);

  const mustAsk = () => !leaving.current && isDirtyRef.current();

  const ask = useCallback((): Promise<boolean> => {
    // One question at a time: a second way of leaving while it is open waits for the same answer.
    asking.current ??= new Promise<boolean>((resolve) => {
      modal.confirm({
        title: unsavedChangesMessages.title,
        content: unsavedChangesMessages.content,
        okText: unsavedChangesMessages.leave,
        cancelText: unsavedChangesMessages.stay,
        okButtonProps: { danger: true },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    }).then((leave) => {
      asking.current = undefined;
      if (leave) leaving.current = true;
      return leave;
    });
    return asking.current;
  }, [modal]);

  const confirmLeave = useCallback((): Promise<boolean> => (mustAsk() ? ask() : Promise.resolve(true)), [ask]);
  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && mustAsk(),
  );
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask().then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
    // Once per blocked navigation: the blocker object itself is new on every render.
  }, [blocker.state, ask]);

  // The tags bar asks this before it closes the screen's tag.
  useEffect(() => {
    useTagsStore.getState().setLeaveGuard(confirmLeave);
    return () => {
      if (useTagsStore.getState().leaveGuard === confirmLeave) useTagsStore.getState().setLeaveGuard(undefined);
    };
  }, [confirmLeave]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!mustAsk()) return;
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return { confirmLeave, allowLeave };
}
