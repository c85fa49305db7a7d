/**
 * UploadSlot: every upload of the product (DESIGN.md). Drag files onto it (react-dropzone), click it, or
 * press Enter or Space on it to pick; paste works too. Before anything is sent it checks the pick with the
 * spec's messages (upload-rules.ts); each file then uploads on its own with a progress bar, and its
 * stored path is added to the value once the server answers. Each file it holds is a row: a picture's
 * thumbnail (antd's zooming preview) or a document's link that opens FileViewerDialog (PDF, Word, Excel
 * and text previewed; legacy .doc and archives said to be unpreviewable, with the download), all fetched
 * with the token, beside its name on up to two lines of the row's width (some 30 characters in a 250 px
 * slot at 1366 px, where a name under a thumbnail showed 8), whole on hover; its buttons under the name.
 * A slot of several files lays its rows out in columns as wide as the slot allows.
 *
 * A single-file slot that holds its file (`maxCount` 1) shows that row with 替换 and 删除 instead of the
 * drop area (an eight-document form stays short): a file dropped onto the row, or picked through 替换,
 * takes the old one's place once its upload succeeded; if it fails the old one stays.
 *
 * Props (antd Form compatible: put it straight in a `Form.Item`):
 * - `dir`: the upload slot (`contract`, `agreement`, `image`, `document`) with its types and size.
 * - `accept`: fewer extensions than the slot allows (photos only: `['jpg', 'png', 'jpeg']`).
 * - `maxCount`: files the slot holds in all (default 1).
 * - `onePerPick`: one file per pick (purchase contract files); `exceedMessage: 'onlyOne'` makes a full
 *   slot say 只能上传一份文件! (the agreement slot) instead of 当前限制选择 N 个文件，请检查后重新尝试.
 * - `value` / `onChange`: the stored paths (`/storage/…`): the record's own first, then this slot's uploads
 *   in the order they were dropped or picked (not the order their uploads finished).
 * - `names`: path → the file's own name where the record knows it; names of files uploaded here are
 *   remembered by the slot itself, and the others are asked of the server (use-file-names.ts).
 * - `disabled`, `thumbnailSize` (a row's thumbnail, at most 48 px), `id` (set by Form.Item: the label
 *   points at the picker).
 *
 * Needs antd's `<App>` above it (toasts, notifications and the confirm dialog come from App.useApp()).
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { App, Button, Progress, Space, Typography, theme } from 'antd';
import { CloseOutlined, DeleteOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { isImagePath, uploadMessages, type UploadDir } from '../../../contract/upload';
import { uploadFile } from '../api/upload-file';
import { isHttpError } from '../api/http-client';
import { FileViewerDialog } from './file-viewer-dialog';
import { displayName, FileName, StoredFileLink, StoredImage } from './stored-file';
import { useFileNames } from './use-file-names';
import { acceptAttribute, allowedExtensions, judgePick, slotHint, type ExceedMessage } from './upload-rules';

/** A row's picture: enough to recognise it (a click opens the preview), and the name has the rest. */
export const UPLOAD_THUMBNAIL_SIZE = 48;
/** The narrowest column of a several-file slot's rows: a thumbnail and some 13 characters a line. */
const ROW_MIN_WIDTH = 240;

export interface UploadSlotProps {
  dir: UploadDir;
  accept?: readonly string[];
  maxCount?: number;
  onePerPick?: boolean;
  exceedMessage?: ExceedMessage;
  value?: readonly string[];
  onChange?: (paths: string[]) => void;
  names?: Readonly<Record<string, string>>;
  disabled?: boolean;
  thumbnailSize?: number;
  id?: string;
}

interface Uploading {
  uid: number;
  name: string;
  percent: number;
  controller: AbortController;
}

/** The failure text of a refused upload: the server's own message, else the spec's fallback. */
function failureText(error: unknown): string {
  if (isHttpError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return uploadMessages.networkError;
    // http-client says `Error <status>` when the answer carried no message of its own.
    if (error.message && !/^Error \d+$/.test(error.message)) return error.message;
  }
  return uploadMessages.failedFallback;
}

let nextUid = 0;

interface HeldFileProps {
  path: string;
  name: string;
  thumbnailSize: number;
  onOpen: (path: string) => void;
  /** 替换 and 删除, under the name. */
  actions: ReactNode;
}

/** One file a slot holds: its thumbnail or link beside its name (two lines, whole on hover), its buttons under. */
function HeldFile({ path, name, thumbnailSize, onOpen, actions }: HeldFileProps) {
  const picture = isImagePath(path);
  return (
    <div className="upload-slot-file" style={{ display: 'flex', alignItems: 'flex-start', gap: 8, minWidth: 0 }}>
      {picture && <StoredImage path={path} name={name} size={thumbnailSize} />}
      <div style={{ flex: 1, minWidth: 0 }}>
        {picture ? (
          <FileName name={name} lines={2} style={{ fontSize: 12, lineHeight: '18px' }} />
        ) : (
          <StoredFileLink path={path} name={name} onOpen={onOpen} lines={2} />
        )}
        {actions}
      </div>
    </div>
  );
}

export function UploadSlot({
  dir,
  accept,
  maxCount = 1,
  onePerPick = false,
  exceedMessage = 'limit',
  value,
  onChange,
  names,
  disabled = false,
  thumbnailSize: thumbnailSizeAsked = UPLOAD_THUMBNAIL_SIZE,
  id,
}: UploadSlotProps) {
  const thumbnailSize = Math.min(thumbnailSizeAsked, UPLOAD_THUMBNAIL_SIZE);
  const { message, notification, modal } = App.useApp();
  const { token } = theme.useToken();
  const [ownValue, setOwnValue] = useState<readonly string[]>([]);
  const paths = value ?? ownValue;
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [learnedNames, setLearnedNames] = useState<Record<string, string>>({});
  const [openPath, setOpenPath] = useState<string | undefined>(undefined);

  // Uploads finish one by one after the render that started them: each must add to the paths as they
  // are by then, including those added by the upload that finished just before.
  const latestPaths = useRef(paths);
  useEffect(() => {
    latestPaths.current = paths;
  }, [paths]);
  const heldUploads = useRef(0);
  // The drop order of the files this slot uploaded (their `uid`), by stored path: uploads finish in any
  // order, and a clerk who drops 正面, 侧面, 背面 expects to find them so.
  const droppedOrder = useRef(new Map<string, number>());
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const change = useCallback(
    (next: string[]) => {
      latestPaths.current = next;
      setOwnValue(next);
      onChange?.(next);
    },
    [onChange],
  );

  const allNames = useFileNames(paths, { ...names, ...learnedNames });
  const nameOf = (path: string) => displayName(path, allNames);

  /** Uploads one file; `replacing` is the stored path it takes the place of once it is stored. */
  const start = (file: File, replacing?: string) => {
    const uid = (nextUid += 1);
    const controller = new AbortController();
    controllers.current.add(controller);
    heldUploads.current += 1;
    setUploading((list) => [...list, { uid, name: file.name, percent: 0, controller }]);
    const setPercent = (percent: number) =>
      setUploading((list) => list.map((item) => (item.uid === uid ? { ...item, percent } : item)));

    uploadFile(file, dir, setPercent, controller.signal)
      .then((answer) => {
        setLearnedNames((known) => ({ ...known, [answer.url]: answer.name || file.name }));
        const kept =
          replacing === undefined ? latestPaths.current : latestPaths.current.filter((path) => path !== replacing);
        droppedOrder.current.set(answer.url, uid);
        // Stable: files the slot did not upload (the record's own) keep their place, first.
        const order = (path: string) => droppedOrder.current.get(path) ?? 0;
        change([...kept, answer.url].sort((a, b) => order(a) - order(b)));
        // One toast for a drop of several files: each success replaces the one still showing.
        void message.success({ content: uploadMessages.success, key: 'upload-slot:success' });
      })
      .catch((error: unknown) => {
        if (isHttpError(error) && error.kind === 'canceled') return;
        // A 401/403 already opened the client's non-closable session dialog.
        if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
        notification.error({ title: uploadMessages.failedTitle, description: failureText(error) });
      })
      .finally(() => {
        controllers.current.delete(controller);
        heldUploads.current -= 1;
        setUploading((list) => list.filter((item) => item.uid !== uid));
      });
  };

  const onDrop = (files: File[]) => {
    if (disabled) return;
    // A full single-file slot takes the pick as a replacement: its file does not count against the limit.
    const replacing = maxCount === 1 && latestPaths.current.length === 1 ? latestPaths.current[0] : undefined;
    const held = replacing === undefined ? latestPaths.current.length : 0;
    const verdict = judgePick(files, held + heldUploads.current, {
      dir,
      accept,
      maxCount,
      onePerPick,
      exceedMessage,
    });
    // One toast per message: the same key replaces a toast still showing.
    verdict.messages.forEach((text) => void message.error({ content: text, key: `upload-slot:${text}` }));
    verdict.accepted.forEach((file) => start(file, replacing));
  };

  const full = maxCount === 1 && paths.length === 1;
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    disabled,
    // Full, the line itself is no button: 替换 opens the picker, a drop onto the line still replaces.
    noClick: full,
    noKeyboard: full,
    // Every file reaches onDrop: the slot says itself why one is refused, in the spec's words.
    multiple: true,
    useFsAccessApi: false,
  });

  const remove = (path: string) => {
    modal.confirm({
      title: '提示',
      content: uploadMessages.deleteConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        const index = latestPaths.current.indexOf(path);
        if (index >= 0) change(latestPaths.current.filter((_, i) => i !== index));
      },
    });
  };

  const extensions = allowedExtensions(dir, accept);
  const limits = { dir, accept, maxCount, onePerPick, exceedMessage };
  const dropStyle: CSSProperties = {
    border: `1px dashed ${isDragActive ? token.colorPrimary : token.colorBorder}`,
    borderRadius: token.borderRadiusLG,
    background: isDragActive ? token.colorPrimaryBg : token.colorFillAlter,
    padding: '16px 12px',
    textAlign: 'center',
    cursor: disabled ? 'not-allowed' : 'pointer',
    opacity: disabled ? 0.6 : 1,
    outlineColor: token.colorPrimary,
  };

  const inputProps = getInputProps({ id, accept: acceptAttribute(extensions), multiple: !onePerPick && maxCount > 1 });
  const removeButton = (path: string) =>
    disabled ? null : (
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={`删除 ${nameOf(path)}`}
        onClick={() => remove(path)}
      />
    );
  const held = full ? paths[0] : undefined;
  const heldFile = (path: string, actions: ReactNode) => (
    <HeldFile
      path={path}
      name={nameOf(path)}
      thumbnailSize={thumbnailSize}
      onOpen={setOpenPath}
      actions={
        actions ? (
          <Space size={0} className="upload-slot-file-actions" style={{ marginInlineStart: -6 }}>
            {actions}
          </Space>
        ) : null
      }
    />
  );

  return (
    <div className="upload-slot">
      {held !== undefined ? (
        <div
          {...getRootProps({
            role: 'group',
            className: 'upload-slot-full',
            'aria-label': `上传文件（拖入新文件即替换）：${slotHint(limits)}`,
            title: disabled ? undefined : '拖入新文件即替换',
            style: {
              ...dropStyle,
              padding: '6px 8px',
              textAlign: 'left',
              cursor: 'default',
            },
          })}
        >
          <input {...inputProps} />
          {heldFile(
            held,
            disabled ? null : (
              <>
                <Button
                  type="link"
                  size="small"
                  icon={<SwapOutlined />}
                  aria-label={`替换 ${nameOf(held)}`}
                  onClick={open}
                >
                  替换
                </Button>
                {removeButton(held)}
              </>
            ),
          )}
        </div>
      ) : (
        <div {...getRootProps({ role: 'button', style: dropStyle, 'aria-label': `上传文件：${slotHint(limits)}` })}>
          <input {...inputProps} />
          <InboxOutlined style={{ fontSize: 32, color: token.colorPrimary }} aria-hidden />
          <div>
            将文件拖到此处，或<Typography.Text style={{ color: token.colorPrimary }}>点击上传</Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {slotHint(limits)}
          </Typography.Text>
        </div>
      )}

      {uploading.length > 0 && (
        <ul aria-label="正在上传" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
          {uploading.map((item) => (
            <li key={item.uid} aria-label={`正在上传 ${item.name}`}>
              <Space style={{ width: '100%' }} align="center">
                <FileName name={item.name} style={{ maxWidth: 240 }} />
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={`取消上传 ${item.name}`}
                  onClick={() => item.controller.abort()}
                />
              </Space>
              <Progress percent={item.percent} size="small" aria-label={`${item.name} 上传进度`} />
            </li>
          ))}
        </ul>
      )}

      {held === undefined && paths.length > 0 && (
        <ul
          className="upload-slot-files"
          style={{
            listStyle: 'none',
            margin: '8px 0 0',
            padding: 0,
            display: 'grid',
            gridTemplateColumns: `repeat(auto-fill, minmax(min(${ROW_MIN_WIDTH}px, 100%), 1fr))`,
            gap: '8px 16px',
          }}
        >
          {paths.map((path, index) => (
            <li key={`${index}:${path}`} style={{ minWidth: 0 }}>
              {heldFile(path, removeButton(path))}
            </li>
          ))}
        </ul>
      )}

      <FileViewerDialog
        path={openPath}
        name={openPath ? nameOf(openPath) : ''}
        onClose={() => setOpenPath(undefined)}
      />
    </div>
  );
}
