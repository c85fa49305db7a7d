import { useEffect, useRef } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { findRoute } from '../app/route-tree';
import { appRoutes, HOME_PATH } from '../app/routes';
import { leaveCurrentScreen, nextTagAfterClose, useTagsStore, type VisitedTag } from '../stores/tags';

type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

const actionItems = (tag: VisitedTag | undefined): MenuProps['items'] => [
  { key: 'refresh', label: '刷新' },
  { key: 'close', label: '关闭', disabled: !tag || tag.affix },
  { key: 'closeOthers', label: '关闭其他' },
  { key: 'closeAll', label: '关闭所有' },
];

/** Remembers every screen of the table that was opened; the dashboard is pinned first. */
export function useVisitedTags(): void {
  const { pathname, search } = useLocation();
  const visit = useTagsStore((state) => state.visit);
  useEffect(() => {
    const home = appRoutes.find((route) => route.path === HOME_PATH);
    if (home) visit({ path: HOME_PATH, fullPath: HOME_PATH, title: home.title, affix: true });
    const match = findRoute(pathname);
    if (match)
      visit({
        path: pathname,
        fullPath: pathname + search,
        title: match.route.title,
        affix: Boolean(match.route.affix),
      });
  }, [pathname, search, visit]);
}

/** The bar of visited screens: click to return, close one, others or all (right click or the ▾ menu). */
export function TagsBar() {
  const tags = useTagsStore((state) => state.tags);
  const { close, closeOthers, closeAll } = useTagsStore();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const activeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const current = tags.find((tag) => tag.path === pathname);

  const run = (action: TagAction, tag: VisitedTag | undefined) => {
    const all = useTagsStore.getState().tags;
    switch (action) {
      case 'refresh':
        if (!tag) return;
        // Fresh data and a fresh screen: forget cached answers, then mount the screen again.
        void queryClient.invalidateQueries();
        navigate(`/redirect${tag.fullPath}`, { replace: true });
        return;
      // Closing the open screen's tag leaves it: a form with unsaved changes asks first, and its tag
      // stays when the clerk goes on editing.
      case 'close': {
        if (!tag || tag.affix) return;
        if (tag.path !== pathname) {
          close(tag.path);
          return;
        }
        leaveCurrentScreen(() => {
          close(tag.path);
          navigate(nextTagAfterClose(all, tag.path)?.fullPath ?? HOME_PATH);
        });
        return;
      }
      case 'closeOthers':
        if (!tag) return;
        if (tag.path === pathname) {
          closeOthers(tag.path);
          return;
        }
        leaveCurrentScreen(() => {
          closeOthers(tag.path);
          navigate(tag.fullPath);
        });
        return;
      case 'closeAll': {
        if (current?.affix) {
          closeAll();
          return;
        }
        leaveCurrentScreen(() => {
          closeAll();
          const keep = useTagsStore.getState().tags;
          if (!keep.some((kept) => kept.path === pathname)) navigate(keep[keep.length - 1]?.fullPath ?? HOME_PATH);
        });
        return;
      }
    }
  };

  return (
    <div className="tags-bar" role="navigation" aria-label="已打开的页面">
      <div className="tags-scroll">
        {tags.map((tag) => {
          const active = tag.path === pathname;
          return (
            <Dropdown
              key={tag.path}
              trigger={['contextMenu']}
              menu={{ items: actionItems(tag), onClick: ({ key }) => run(key as TagAction, tag) }}
            >
              <div
                ref={active ? activeRef : undefined}
                className={active ? 'tag-item active' : 'tag-item'}
                role="link"
                tabIndex={0}
                aria-current={active ? 'page' : undefined}
                onClick={() => navigate(tag.fullPath)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') navigate(tag.fullPath);
                  if (event.key === 'Delete' && !tag.affix) run('close', tag);
                }}
                onAuxClick={(event) => {
                  // Middle click closes, as browser tabs do.
                  if (event.button === 1 && !tag.affix) run('close', tag);
                }}
              >
                <span className="tag-title">{tag.title}</span>
                {tag.affix ? null : (
                  <button
                    type="button"
                    className="tag-close"
                    aria-label={`关闭 ${tag.title}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      run('close', tag);
                    }}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown
        trigger={['click']}
        menu={{ items: actionItems(current), onClick: ({ key }) => run(key as TagAction, current) }}
      >
        <button type="button" className="tags-actions" aria-label="标签操作">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
