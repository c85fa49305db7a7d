/**
 * The one search box of the top bar (issue 23, point 2): on every page, opened by its button, Ctrl+K or
 * `/` (not while typing in a field). It asks `GET /api/search` once the clerk pauses (300 ms) and lists
 * vehicles, overseas and purchase contracts, declarations and customers, grouped, with what was typed
 * highlighted, and the screens whose menu title holds it; ↑ ↓ choose, Enter or a click opens, Esc closes.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal, Spin, Typography, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_TEXT_MAX, searchMessages } from '../../../contract/search';
import { customerTypesQuery } from '../api/customer-types';
import { searchQuery } from '../api/search';
import { searchableRoutes } from '../app/route-tree';
import { useDebouncedValue } from '../components/use-debounced-value';
import { desktop } from '../platform/desktop';
import { useLayoutStore } from '../stores/layout';
import {
  highlight,
  matchingPages,
  type SearchItem,
  searchItems,
  type SearchKind,
  searchKindLabels,
} from './global-search-results';

/** The pause after the last key before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PLACEHOLDER = '搜索车架号、合同号、报关单号、客户';
/** The top bar's shorter words, whole at its width. */
const TRIGGER_TEXT = '搜索车辆、合同、报关单、客户';
export const SEARCH_FAILED = '搜索失败，请稍后重试';

const VIN_FONT = 'ui-monospace, SFMono-Regular, Consolas, "Liberation Mono", monospace';

const isTypingTarget = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Ctrl+K (⌘K on a Mac) anywhere; `/` where it would not be typed into a field. */
function useOpenKeys(open: () => void) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const ctrlK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

function ResultRow({
  item,
  id,
  active,
  typed,
  onHover,
  onOpen,
}: {
  item: SearchItem;
  id: string;
  active: boolean;
  typed: string;
  onHover: () => void;
  onOpen: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'search-result active' : 'search-result'}
      onMouseMove={onHover}
      // Before the input's blur, so the click is not lost.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onOpen}
      style={{
        display: 'flex',
        alignItems: 'baseline',
        gap: 12,
        padding: '6px 12px',
        borderRadius: 6,
        cursor: 'pointer',
        background: active ? 'rgba(64, 158, 255, 0.12)' : undefined,
      }}
    >
      <span
        className="search-result-title"
        style={{ fontFamily: item.mono ? VIN_FONT : undefined, whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {highlight(item.title, typed)}
      </span>
      {item.detail ? (
        <Typography.Text
          type="secondary"
          className="search-result-detail"
          style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {highlight(item.detail, typed)}
        </Typography.Text>
      ) : null}
    </li>
  );
}

function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [activeKey, setActiveKey] = useState<string>();
  const typed = text.trim();
  const asked = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const found = useQuery({ ...searchQuery(asked), enabled: open && asked.length > 0 });
  const answer = asked.length > 0 ? found.data : undefined;
  const types = useQuery({ ...customerTypesQuery(), enabled: (answer?.customers.length ?? 0) > 0 });
  const routes = useMemo(() => searchableRoutes(desktop.kind), []);
  const pages = useMemo(() => matchingPages(routes, typed), [routes, typed]);
  const items = useMemo(() => searchItems(answer, pages, types.data), [answer, pages, types.data]);

  // The chosen row is kept by its key while it is still listed; otherwise the first row is chosen.
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );
  const active = items[activeIndex];
  const optionId = (item: SearchItem) => `${listId}-${item.key}`;

  // The box takes the typing at once, however the palette was opened (the dialog's own focus comes first).
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => inputRef.current?.focus());
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (!active) return;
    document.getElementById(`${listId}-${active.key}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const close = () => {
    setText('');
    setActiveKey(undefined);
    onClose();
  };
  const openItem = (item: SearchItem) => {
    close();
    navigate(item.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveKey(items[(activeIndex + step + items.length) % items.length]?.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) openItem(active);
    }
  };

  const waiting = typed !== asked || (found.isFetching && asked.length > 0);
  let body;
  if (!typed) {
    body = <SearchNote text={searchMessages.hint} />;
  } else if (items.length > 0) {
    const groups = [...new Set(items.map((item) => item.kind))];
    body = (
      <ul
        id={listId}
        role="listbox"
        aria-label="搜索结果"
        style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 'min(60vh, 460px)', overflowY: 'auto' }}
      >
        {groups.map((kind) => (
          <ResultGroup key={kind} kind={kind}>
            {items
              .filter((item) => item.kind === kind)
              .map((item) => (
                <ResultRow
                  key={item.key}
                  id={optionId(item)}
                  item={item}
                  active={item === active}
                  typed={typed}
                  onHover={() => setActiveKey(item.key)}
                  onOpen={() => openItem(item)}
                />
              ))}
          </ResultGroup>
        ))}
      </ul>
    );
  } else if (waiting || found.isPending) {
    body = <SearchNote text="正在搜索…" />;
  } else if (found.isError) {
    body = <SearchNote text={SEARCH_FAILED} />;
  } else {
    body = <SearchNote text={searchMessages.nothingFound} />;
  }

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      closable={false}
      width={640}
      style={{ top: 72 }}
      destroyOnHidden
      afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      styles={{ body: { padding: 0 } }}
      className="global-search"
      aria-label="全局搜索"
    >
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined />}
        suffix={waiting ? <Spin size="small" /> : null}
        placeholder={SEARCH_PLACEHOLDER}
        maxLength={SEARCH_TEXT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveKey(undefined);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label="全局搜索"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-activedescendant={active && items.length > 0 ? optionId(active) : undefined}
        aria-autocomplete="list"
        style={{ borderBottom: '1px solid #f0f0f0', borderRadius: 0, padding: '10px 16px' }}
      />
      <div style={{ padding: 8 }}>{body}</div>
      <div
        style={{
          borderTop: '1px solid #f0f0f0',
          padding: '6px 16px',
          fontSize: 12,
          color: 'rgba(0, 0, 0, 0.45)',
          display: 'flex',
          gap: 16,
        }}
      >
        <span>↑ ↓ 选择</span>
        <span>Enter 打开</span>
        <span>Esc 关闭</span>
      </div>
    </Modal>
  );
}

function ResultGroup({ kind, children }: { kind: SearchKind; children: ReactNode }) {
  const label = searchKindLabels[kind];
  return (
    <li role="presentation" style={{ marginBottom: 4 }}>
      <div aria-hidden style={{ padding: '4px 12px', fontSize: 12, fontWeight: 600, color: 'rgba(0, 0, 0, 0.45)' }}>
        {label}
      </div>
      <ul role="group" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {children}
      </ul>
    </li>
  );
}

function SearchNote({ text }: { text: string }) {
  return (
    <Typography.Paragraph type="secondary" style={{ margin: 0, padding: '16px 12px', textAlign: 'center' }}>
      {text}
    </Typography.Paragraph>
  );
}

/** The top bar's box: a button that looks like one (an icon on a phone), and the palette it opens. */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const device = useLayoutStore((state) => state.device);
  const show = useCallback(() => setOpen(true), []);
  useOpenKeys(show);
  return (
    <>
      {device === 'desktop' ? (
        <button
          type="button"
          className="global-search-trigger"
          aria-label="全局搜索 (Ctrl+K)"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={show}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 8,
            width: 'clamp(180px, 22vw, 270px)',
            height: 32,
            marginInlineEnd: 6,
            padding: '0 8px 0 10px',
            border: '1px solid #dcdfe6',
            borderRadius: 6,
            background: '#f5f7fa',
            color: 'rgba(0, 0, 0, 0.45)',
            fontSize: 13,
            cursor: 'text',
          }}
        >
          <SearchOutlined />
          <span style={{ flex: 1, textAlign: 'start', overflow: 'hidden', whiteSpace: 'nowrap' }}>{TRIGGER_TEXT}</span>
          <kbd
            style={{
              fontFamily: 'inherit',
              fontSize: 11,
              padding: '0 4px',
              border: '1px solid #dcdfe6',
              borderRadius: 4,
              background: '#fff',
            }}
          >
            Ctrl K
          </kbd>
        </button>
      ) : (
        <button
          type="button"
          className="nav-icon-button"
          aria-label="全局搜索 (Ctrl+K)"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={show}
        >
          <SearchOutlined />
        </button>
      )}
      <SearchPalette open={open} onClose={() => setOpen(false)} />
    </>
  );
}
