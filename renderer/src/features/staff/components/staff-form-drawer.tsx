import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { staffTextLimits } from '../../../../../contract/auth';
import { staffMessages, type Staff } from '../../../../../contract/staff';
import { hashPassword } from '../../../api/password-hash';
import { FormDrawer } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { createStaff } from '../api/create-staff';
import { updateStaff } from '../api/update-staff';
import { staffRules } from '../staff-rules';

/** The longest account USERNAME_PATTERN takes (3 to 20), and a mainland mobile number's length (PHONE_PATTERN). */
const USERNAME_MAX_LENGTH = 20;
const PHONE_LENGTH = 11;

interface StaffFormValues {
  username: string;
  nickname: string;
  password?: string;
  phone_number: string;
}

export interface StaffFormDrawerProps {
  open: boolean;
  /** The row being edited; absent when adding. */
  staff?: Staff;
  onClose: () => void;
  onSaved: () => void;
}

export function StaffFormDrawer({ open, staff, onClose, onSaved }: StaffFormDrawerProps) {
  const [form] = Form.useForm<StaffFormValues>();
  const { message } = App.useApp();
  const { saving, failure, forget, save } = useFormSave(form);
  const creating = !staff;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (staff)
      form.setFieldsValue({ username: staff.username, nickname: staff.nickname, phone_number: staff.phone_number });
  }, [open, staff, form]);

  const submit = async () => {
    // A refusal keeps the drawer open with everything typed; the reason is shown above the fields.
    const saved = await save(
      (values) => {
        const common = {
          username: values.username.trim(),
          nickname: values.nickname.trim(),
          phone_number: values.phone_number.trim(),
        };
        return staff
          ? updateStaff(staff.id, {
              ...common,
              password: values.password ? hashPassword(values.password) : undefined,
              // The stale-save guard: the server refuses the save if someone changed the record since.
              updated_at: staff.updated_at,
            })
          : createStaff({ ...common, password: hashPassword(values.password ?? '') });
      },
      creating ? staffMessages.createFailed : staffMessages.updateFailed,
    );
    if (!saved) return;
    message.success(creating ? staffMessages.created : staffMessages.updated);
    onSaved();
  };

  // A failure belongs to one opening of the form: closing it forgets the message.
  const close = () => {
    forget();
    onClose();
  };

  return (
    <FormDrawer
      title={creating ? '新增员工' : '编辑员工'}
      open={open}
      saving={saving}
      onSave={submit}
      onCancel={close}
      width={420}
    >
      <FormFailure text={failure} onClose={forget} />
      <Form<StaffFormValues> form={form} name="staff" layout="vertical" onFinish={submit}>
        <Form.Item label="账号" name="username" rules={staffRules.username} extra="3-20位字母、数字或下划线">
          <Input autoComplete="off" placeholder="请输入账号" maxLength={USERNAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label="员工姓名" name="nickname" rules={staffRules.nickname}>
          <Input autoComplete="off" placeholder="请输入员工姓名" maxLength={staffTextLimits.nickname} />
        </Form.Item>
        <Form.Item
          label="密码"
          name="password"
          rules={staffRules.password(creating)}
          extra={creating ? '6-32位字符' : '不修改密码请留空'}
        >
          <Input.Password autoComplete="new-password" placeholder={creating ? '请输入密码' : '不修改请留空'} />
        </Form.Item>
        <Form.Item label="手机号" name="phone_number" rules={staffRules.phone}>
          <Input autoComplete="off" inputMode="numeric" placeholder="请输入手机号" maxLength={PHONE_LENGTH} />
        </Form.Item>
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
