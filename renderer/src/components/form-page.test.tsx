import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { apiPost } from '../api/http-client';
import { leaveCurrentScreen, useTagsStore } from '../stores/tags';
import { renderInApp } from '../testing/render-app';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { envelope } from '../testing/scripted-api-server';
import { FormPage, useFormPage } from './form-page';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

const CLOSE_AFTER_MS = 600;

interface NoteValues {
  title: string;
}

/** A one-field form page made from the frame, as a screen makes it. */
function NotePage({ filledWith, leadOnTo }: { filledWith?: string; leadOnTo?: string }) {
  const [form] = Form.useForm<NoteValues>();
  const page = useFormPage(form, { closeTo: '/notes' });
  // An edit page fills its fields from the record: that is not a change of the clerk's.
  useEffect(() => {
    if (filledWith) form.setFieldsValue({ title: filledWith });
  }, [filledWith, form]);
  const save = () =>
    page.save({
      send: (values) => apiPost('/api/note', values),
      fallback: '保存失败',
      savedMessage: '保存成功',
      closeAfterMs: CLOSE_AFTER_MS,
    });
  return (
    <FormPage
      page={page}
      title="新建便签"
      onSave={() => void save()}
      actions={
        leadOnTo ? (
          <button type="button" onClick={() => void save().then((done) => done && page.openInstead(leadOnTo))}>
            继续录入下一条
          </button>
        ) : undefined
      }
    >
      <Form form={form} layout="vertical" onValuesChange={page.markChanged}>
        <Form.Item label="标题" name="title" rules={[{ required: true, message: '请输入标题' }]}>
          <Input />
        </Form.Item>
      </Form>
    </FormPage>
  );
}

function renderNote(filledWith?: string) {
  useTagsStore.getState().visit({ path: '/notes/add', fullPath: '/notes/add', title: '新建便签', affix: false });
  return renderInApp(<NotePage filledWith={filledWith} />, {
    path: '/notes/add',
    initialEntries: ['/notes', '/notes/add'],
  });
}

const button = (name: string) => screen.getByText(name).closest('button') as HTMLElement;
/** The open question (a closing one may still be fading out: the newest is the one to answer). */
const question = async () => {
  const titles = await screen.findAllByText('有未保存的修改，确定离开吗？');
  return titles.at(-1)?.closest('.ant-modal') as HTMLElement;
};
const answer = async (choice: RegExp) =>
  userEvent.setup({ pointerEventsCheck: 0 }).click(
    within(await question())
      .getByText(choice)
      .closest('button') as HTMLElement,
  );
const noteTagOpen = () => useTagsStore.getState().tags.some((tag) => tag.path === '/notes/add');

beforeEach(() => {
  useTagsStore.getState().reset();
});

describe('FormPage', () => {
  it('saves, says so, and closes the tab after the delay without asking', async () => {
    server.on('POST /api/note', envelope(201, { id: 1 }));
    const view = renderNote();
    await userEvent.type(screen.getByLabelText('标题'), '周一开会');
    const clickedAt = performance.now();
    await userEvent.click(button('保存'));
    await screen.findByText('保存成功');
    expect(server.requests.find((request) => request.path === '/api/note')?.body).toEqual({ title: '周一开会' });
    // Still there during the delay, and 保存 cannot send twice.
    expect(view.location()).toBe('/notes/add');
    expect(button('保存')).toBeDisabled();
    await waitFor(() => expect(view.location()).toBe('/notes'), { interval: 20 });
    expect(performance.now() - clickedAt).toBeGreaterThanOrEqual(CLOSE_AFTER_MS);
    expect(noteTagOpen()).toBe(false);
    expect(screen.queryByText('有未保存的修改，确定离开吗？')).not.toBeInTheDocument();
  });

  it('a save that leads on (继续录入…) opens the next page, which the saved page’s closing never closes', async () => {
    server.on('POST /api/note', envelope(201, { id: 1 }));
    useTagsStore.getState().visit({ path: '/notes/add', fullPath: '/notes/add', title: '新建便签', affix: false });
    // One route for both pages: the frame stays mounted across the move, as a page does while the next
    // one's code loads.
    const view = renderInApp(<NotePage leadOnTo="/notes/next" />, {
      path: '/notes/:step',
      initialEntries: ['/notes', '/notes/add'],
    });
    await userEvent.type(screen.getByLabelText('标题'), '周一开会');
    await userEvent.click(button('继续录入下一条'));
    await waitFor(() => expect(view.location()).toBe('/notes/next'));
    await new Promise((resolve) => setTimeout(resolve, CLOSE_AFTER_MS + 300));
    expect(view.location()).toBe('/notes/next');
  });

  it('keeps what was typed, shows the reason and marks the field when the save is refused', async () => {
    server.on('POST /api/note', envelope(422, { errors: { title: ['标题已存在'] } }, '标题已存在'));
    const view = renderNote();
    await userEvent.type(screen.getByLabelText('标题'), '周一开会');
    await userEvent.click(button('保存'));
    expect(await screen.findByRole('alert')).toHaveTextContent('标题已存在');
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toHaveTextContent('标题已存在'));
    expect(screen.getByLabelText('标题')).toHaveValue('周一开会');
    expect(view.location()).toBe('/notes/add');
  });

  it('checks the fields before sending', async () => {
    renderNote();
    await userEvent.click(button('保存'));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/api/note')).toBe(false);
  });

  it('closes at once on 取消 when nothing was changed', async () => {
    const view = renderNote();
    await userEvent.click(button('取消'));
    expect(view.location()).toBe('/notes');
    expect(noteTagOpen()).toBe(false);
    expect(screen.queryByText('有未保存的修改，确定离开吗？')).not.toBeInTheDocument();
  });

  it('closes at once on 取消 when the fields were only filled from the record', async () => {
    const view = renderNote('周一开会');
    await waitFor(() => expect(screen.getByLabelText('标题')).toHaveValue('周一开会'));
    await userEvent.click(button('取消'));
    expect(view.location()).toBe('/notes');
    expect(screen.queryByText('有未保存的修改，确定离开吗？')).not.toBeInTheDocument();
  });

  it('asks on 取消 after a change: 继续编辑 stays with the typing, 离开 closes', async () => {
    const view = renderNote();
    await userEvent.type(screen.getByLabelText('标题'), '草稿');
    await userEvent.click(button('取消'));
    await answer(/^继续编辑$/);
    expect(view.location()).toBe('/notes/add');
    expect(screen.getByLabelText('标题')).toHaveValue('草稿');
    expect(noteTagOpen()).toBe(true);

    await userEvent.click(button('取消'));
    await answer(/^离\s*开$/);
    await waitFor(() => expect(view.location()).toBe('/notes'));
    expect(noteTagOpen()).toBe(false);
  });

  it('asks before any other way out: a link or menu entry (route change) and closing its tag', async () => {
    const view = renderNote();
    await userEvent.type(screen.getByLabelText('标题'), '草稿');

    // A menu entry is a route change: held until the clerk answers.
    void view.router.navigate('/dashboard');
    await answer(/^继续编辑$/);
    expect(view.location()).toBe('/notes/add');
    expect(screen.getByLabelText('标题')).toHaveValue('草稿');

    // The tags bar closes the open screen's tag through leaveCurrentScreen.
    let closed = false;
    leaveCurrentScreen(() => {
      closed = true;
    });
    await answer(/^继续编辑$/);
    expect(closed).toBe(false);

    leaveCurrentScreen(() => {
      closed = true;
    });
    await answer(/^离\s*开$/);
    await waitFor(() => expect(closed).toBe(true));

    // Once the clerk chose to leave, the route change that follows is not asked again.
    await view.router.navigate('/dashboard');
    expect(view.location()).toBe('/dashboard');
  });

  it('lets the screen go without asking when nothing was changed', async () => {
    const view = renderNote();
    await screen.findByLabelText('标题');
    await view.router.navigate('/dashboard');
    expect(view.location()).toBe('/dashboard');
    expect(screen.queryByText('有未保存的修改，确定离开吗？')).not.toBeInTheDocument();
  });
});
