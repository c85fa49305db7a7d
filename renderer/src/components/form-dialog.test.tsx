import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { renderInApp } from '../testing/render-app';
import { FormDialog, FormDrawer } from './form-dialog';

configure({ asyncUtilTimeout: 4000 });

function frames() {
  const pressed: string[] = [];
  const props = {
    open: true,
    saving: false,
    onSave: () => pressed.push('save'),
    onCancel: () => pressed.push('cancel'),
  };
  return { pressed, props };
}

describe('FormDialog and FormDrawer', () => {
  it('a dialog saves on 确定, cancels on 取消, and a click beside it keeps it and the typing', async () => {
    const { pressed, props } = frames();
    renderInApp(
      <FormDialog title="收款" {...props}>
        <Input aria-label="收款单号" />
      </FormDialog>,
    );
    await userEvent.type(await screen.findByLabelText('收款单号'), 'SK-1');
    await userEvent.click(document.querySelector('.ant-modal-wrap') as HTMLElement);
    expect(pressed).toEqual([]);
    expect(screen.getByLabelText('收款单号')).toHaveValue('SK-1');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(pressed).toEqual(['save', 'cancel']);
  });

  it('a drawer has its buttons at the foot; while saving, 确定 cannot be pressed again', async () => {
    const { pressed, props } = frames();
    renderInApp(
      <FormDrawer title="新增客户" width={460} {...props} saving>
        <Input aria-label="客户名称" />
      </FormDrawer>,
    );
    const save = await screen.findByRole('button', { name: /确\s*定/ });
    expect(save.closest('.ant-drawer-footer')).not.toBeNull();
    await userEvent.click(save);
    expect(pressed).toEqual([]);
    await userEvent.click(document.querySelector('.ant-drawer-mask') as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(pressed).toEqual(['cancel']));
  });
});
