import {
  adminStaffCreate,
  adminStaffList,
  adminStaffResetPassword,
  adminStaffUpdate,
  STAFF_ROLES,
  type StaffMember,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { ChoiceGroup } from '../components.tsx';
import { time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { useMe } from '../session.ts';
import { PageTitle, useShowError } from '../ui.tsx';

type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; member: StaffMember }
  | { mode: 'password'; member: StaffMember }
  | null;

export function Component() {
  const t = useT();
  const me = useMe();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm();
  const list = useQuery({ queryKey: ['staff', page], queryFn: () => call(adminStaffList, { page, size: 20 }) });

  const done = (text: string) => {
    message.success(text);
    setEditing(null);
    form.resetFields();
    void queryClient.invalidateQueries({ queryKey: ['staff'] });
  };
  const create = useMutation({
    mutationFn: (v: { login: string; displayName: string; password: string; roles: string[] }) =>
      call(adminStaffCreate, v),
    onSuccess: () => done(t('staff.created')),
    onError: showError,
  });
  const update = useMutation({
    mutationFn: (v: { id: string; displayName?: string; roles?: string[]; active?: boolean }) =>
      call(adminStaffUpdate, v),
    onSuccess: () => done(t('common.saved')),
    onError: showError,
  });
  const reset = useMutation({
    mutationFn: (v: { id: string; password: string }) => call(adminStaffResetPassword, v),
    onSuccess: () => done(t('staff.passwordReset')),
    onError: showError,
  });

  const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));

  function submit(values: Record<string, unknown>) {
    if (editing?.mode === 'create') create.mutate(values as never);
    else if (editing?.mode === 'edit') update.mutate({ id: editing.member.id, ...(values as object) });
    else if (editing?.mode === 'password') reset.mutate({ id: editing.member.id, password: String(values.password) });
  }

  return (
    <>
      <PageTitle
        extra={
          <Button
            type="primary"
            data-testid="staff-new"
            onClick={() => {
              form.resetFields();
              setEditing({ mode: 'create' });
            }}
          >
            {t('staff.new')}
          </Button>
        }
      >
        {t('staff.title')}
      </PageTitle>
      <Table<StaffMember>
        data-testid="staff-table"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: t('staff.login'), dataIndex: 'login' },
          { title: t('staff.displayName'), dataIndex: 'displayName' },
          {
            title: t('staff.roles'),
            dataIndex: 'roles',
            render: (roles: string[]) => roles.map((r) => <Tag key={r}>{t(`role.${r}`)}</Tag>),
          },
          {
            title: t('staff.active'),
            dataIndex: 'active',
            render: (active: boolean, row) => (
              <Switch
                checked={active}
                aria-label={t('common.switchOf', { what: t('staff.active'), name: row.login })}
                disabled={row.id === me.data?.id}
                data-testid={`staff-active-${row.login}`}
                onChange={(checked) => update.mutate({ id: row.id, active: checked })}
              />
            ),
          },
          { title: t('staff.lastLogin'), dataIndex: 'lastLoginAt', render: (v: string | null) => time(v) },
          {
            title: '',
            key: 'actions',
            render: (_, row) => (
              <>
                <Button
                  size="small"
                  type="link"
                  data-testid={`staff-edit-${row.login}`}
                  onClick={() => {
                    form.setFieldsValue({ displayName: row.displayName, roles: row.roles });
                    setEditing({ mode: 'edit', member: row });
                  }}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    form.resetFields();
                    setEditing({ mode: 'password', member: row });
                  }}
                >
                  {t('staff.resetPassword')}
                </Button>
              </>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing?.mode === 'create'
            ? t('staff.new')
            : editing?.mode === 'edit'
              ? t('staff.editTitle', { login: editing.member.login })
              : editing
                ? t('staff.resetPasswordOf', { login: editing.member.login })
                : ''
        }
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{
          ...({ 'data-testid': 'staff-save' } as object),
          loading: create.isPending || update.isPending || reset.isPending,
        }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          {editing?.mode === 'create' && (
            <Form.Item
              name="login"
              label={t('staff.login')}
              extra={t('staff.loginHint')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Input data-testid="staff-login" />
            </Form.Item>
          )}
          {editing?.mode !== 'password' && (
            <>
              <Form.Item
                name="displayName"
                label={t('staff.displayName')}
                rules={[{ required: true, message: t('common.required') }]}
              >
                <Input data-testid="staff-display-name" />
              </Form.Item>
              <Form.Item
                name="roles"
                label={t('staff.roles')}
                rules={[{ required: true, message: t('staff.rolesRequired') }]}
              >
                <ChoiceGroup data-testid="staff-roles" options={roleOptions} />
              </Form.Item>
            </>
          )}
          {editing?.mode !== 'edit' && (
            <Form.Item
              name="password"
              label={t('staff.password')}
              extra={t('staff.passwordHint')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Input.Password data-testid="staff-password" autoComplete="new-password" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
