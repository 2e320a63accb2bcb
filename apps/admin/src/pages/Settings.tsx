import { adminSetSetting, adminSettings } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type Row = { key: string; value: unknown };

function show(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [form] = Form.useForm();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => call(adminSettings) });
  const save = useMutation({
    mutationFn: (v: { key: string; value: unknown }) => call(adminSetSetting, v),
    onSuccess: (data) => {
      queryClient.setQueryData(['settings'], data);
      message.success(t('common.saved'));
      setEditing(null);
    },
    onError: showError,
  });
  const rows: Row[] = settings.data ? Object.entries(settings.data).map(([key, value]) => ({ key, value })) : [];

  function submit(values: { value: unknown }) {
    if (!editing) return;
    let value = values.value;
    if (typeof editing.value !== 'number' && typeof editing.value !== 'string') {
      try {
        value = JSON.parse(String(values.value));
      } catch {
        form.setFields([{ name: 'value', errors: [t('settings.badJson')] }]);
        return;
      }
    }
    save.mutate({ key: editing.key, value });
  }

  return (
    <>
      <PageTitle>{t('settings.title')}</PageTitle>
      <Table<Row>
        data-testid="settings-table"
        rowKey="key"
        size="small"
        pagination={false}
        loading={settings.isPending}
        dataSource={rows}
        columns={[
          { title: t('settings.key'), dataIndex: 'key', width: 240, render: (k: string) => t(`setting.${k}`) },
          {
            title: t('settings.value'),
            dataIndex: 'value',
            render: (v: unknown) => <code style={{ whiteSpace: 'pre-wrap' }}>{show(v)}</code>,
          },
          {
            title: '',
            key: 'edit',
            width: 90,
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                data-testid={`setting-edit-${row.key}`}
                onClick={() => {
                  form.setFieldsValue({
                    value: typeof row.value === 'object' ? JSON.stringify(row.value, null, 2) : row.value,
                  });
                  setEditing(row);
                }}
              >
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? t(`setting.${editing.key}`) : ''}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ ...({ 'data-testid': 'setting-save' } as object), loading: save.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item name="value" label={editing?.key} rules={[{ required: true, message: t('common.required') }]}>
            {typeof editing?.value === 'number' ? (
              <InputNumber data-testid="setting-value" style={{ width: '100%' }} />
            ) : typeof editing?.value === 'string' ? (
              <Input data-testid="setting-value" />
            ) : (
              <Input.TextArea data-testid="setting-value" rows={8} style={{ fontFamily: 'monospace' }} />
            )}
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
