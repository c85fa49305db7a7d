import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../api/query-client';
import { useUnsavedChanges } from '../components/use-unsaved-changes';
import { RedirectPage } from '../features/errors/pages/redirect-page';
import { useTagsStore } from '../stores/tags';
import { TagsBar, useVisitedTags } from './tags-bar';

configure({ asyncUtilTimeout: 4000 });

let mounts = 0;

function Screen() {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>screen</p>;
}

/** A form page with something typed: leaving it asks first. */
function UnsavedScreen() {
  useUnsavedChanges(() => true);
  return <p>unsaved form</p>;
}

function Harness() {
  useVisitedTags();
  return (
    <>
      <TagsBar />
      <Outlet />
    </>
  );
}

function renderTags(start = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        element: <Harness />,
        children: [
          { path: '/redirect/*', element: <RedirectPage /> },
          { path: '/overseas/add', element: <UnsavedScreen /> },
          { path: '*', element: <Screen /> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const go = (path: string) => act(() => router.navigate(path));
  const location = () => router.state.location.pathname + router.state.location.search;
  return { go, location };
}

const bar = () => screen.getByRole('navigation', { name: '已打开的页面' });
const tagTitles = () => Array.from(bar().querySelectorAll('.tag-title')).map((tag) => tag.textContent);

async function chooseFromMenu(label: string) {
  const item = await screen.findByRole('menuitem', { name: label });
  await userEvent.click(item);
}

describe('tags bar', () => {
  beforeEach(() => {
    useTagsStore.getState().reset();
    mounts = 0;
  });

  it('remembers each visited screen once, with the dashboard pinned first', async () => {
    const { go } = renderTags('/overseas/list');
    await go('/setting/staff?page=2');
    await go('/overseas/list');
    await go('/nowhere-in-the-table');
    expect(tagTitles()).toEqual(['首页', '海外合同', '员工管理']);
    expect(within(bar()).queryByRole('button', { name: '关闭 首页' })).not.toBeInTheDocument();
    // A tag returns to the query it was left with.
    await userEvent.click(within(bar()).getByText('员工管理'));
    await waitFor(() => expect(within(bar()).getByText('员工管理').closest('.tag-item')).toHaveClass('active'));
  });

  it('closing the current tag goes to the last one left; closing another stays', async () => {
    const { go, location } = renderTags();
    await go('/overseas/list');
    await go('/setting/staff');
    await go('/custom/list');
    await userEvent.click(within(bar()).getByRole('button', { name: '关闭 海外合同' }));
    expect(tagTitles()).toEqual(['首页', '员工管理', '客户列表']);
    expect(location()).toBe('/custom/list');

    await userEvent.click(within(bar()).getByRole('button', { name: '关闭 客户列表' }));
    expect(tagTitles()).toEqual(['首页', '员工管理']);
    expect(location()).toBe('/setting/staff');
  });

  it('closes the others from the right-click menu and goes to the tag kept', async () => {
    const { go, location } = renderTags();
    await go('/overseas/list');
    await go('/setting/staff');
    await go('/custom/list');
    fireEvent.contextMenu(within(bar()).getByText('海外合同'));
    await chooseFromMenu('关闭其他');
    expect(tagTitles()).toEqual(['首页', '海外合同']);
    expect(location()).toBe('/overseas/list');
  });

  it('closes all but the pinned dashboard from the ▾ menu', async () => {
    const { go, location } = renderTags();
    await go('/overseas/list');
    await go('/setting/staff');
    await userEvent.click(within(bar()).getByRole('button', { name: '标签操作' }));
    await chooseFromMenu('关闭所有');
    expect(tagTitles()).toEqual(['首页']);
    expect(location()).toBe('/dashboard');
  });

  it('refreshes the current screen by mounting it again at the same address', async () => {
    const { go, location } = renderTags();
    await go('/setting/staff?page=3');
    const before = mounts;
    await userEvent.click(within(bar()).getByRole('button', { name: '标签操作' }));
    await chooseFromMenu('刷新');
    await waitFor(() => expect(mounts).toBe(before + 1));
    expect(location()).toBe('/setting/staff?page=3');
    expect(tagTitles()).toEqual(['首页', '员工管理']);
  });

  it('asks before closing the tag of a form with unsaved changes, and keeps it on 继续编辑', async () => {
    const { go, location } = renderTags();
    await go('/overseas/list');
    await go('/overseas/add');
    const closeForm = () => userEvent.click(within(bar()).getByRole('button', { name: '关闭 新建海外合同' }));
    const answer = async (choice: RegExp) => {
      const titles = await screen.findAllByText('有未保存的修改，确定离开吗？');
      const dialog = titles.at(-1)?.closest('.ant-modal') as HTMLElement;
      await userEvent
        .setup({ pointerEventsCheck: 0 })
        .click(within(dialog).getByText(choice).closest('button') as HTMLElement);
    };

    await closeForm();
    await answer(/^继续编辑$/);
    expect(tagTitles()).toEqual(['首页', '海外合同', '新建海外合同']);
    expect(location()).toBe('/overseas/add');

    await closeForm();
    await answer(/^离\s*开$/);
    await waitFor(() => expect(location()).toBe('/overseas/list'));
    expect(tagTitles()).toEqual(['首页', '海外合同']);
  });
});
