import { adminActivities, adminActivitySave, type ConsoleActivity } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, InputNumber, Modal, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../api.ts';
import { LocalizedFields, PictureUpload, ProductPicker } from '../components.tsx';
import { time } from '../format.ts';
import { type Language, useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type ActivityForm = {
  name: Record<Language, string>;
  subtitle: Record<Language, string>;
  imageIds?: number[];
  period: [Dayjs, Dayjs];
  sort?: number;
  enabled?: boolean;
  productIds?: number[];
};

/** Activities: promotion pages of hand-picked products, shown in the shop between two dates. */
export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  /** undefined: closed; null: a new activity; else the one being changed. */
  const [editing, setEditing] = useState<ConsoleActivity | null | undefined>();
  const [form] = Form.useForm<ActivityForm>();
  const list = useQuery({ queryKey: ['activities'], queryFn: () => call(adminActivities) });
  const save = useMutation({
    mutationFn: (v: ActivityForm) =>
      call(adminActivitySave, {
        ...(editing ? { id: editing.id } : {}),
        name: v.name,
        subtitle: v.subtitle,
        imageId: v.imageIds?.[0] ?? null,
        startsAt: v.period[0].toISOString(),
        endsAt: v.period[1].toISOString(),
        sort: Number(v.sort ?? 0),
        enabled: v.enabled !== false,
        productIds: v.productIds ?? [],
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setEditing(undefined);
      void queryClient.invalidateQueries({ queryKey: ['activities'] });
    },
    onError: showError,
  });
  const open = (a: ConsoleActivity | null) => {
    form.resetFields();
    if (a)
      form.setFieldsValue({
        name: a.name,
        subtitle: a.subtitle,
        imageIds: a.imageId ? [a.imageId] : [],
        period: [dayjs(a.startsAt), dayjs(a.endsAt)],
        sort: a.sort,
        enabled: a.enabled,
        productIds: a.productIds,
      });
    setEditing(a);
  };
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => open(null)} data-testid="activity-new">
            {t('catalogue.newActivity')}
          </Button>
        }
      >
        {t('catalogue.activities')}
      </PageTitle>
      <Table<ConsoleActivity>
        data-testid="activity-table"
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data}
        pagination={{ pageSize: 30, showSizeChanger: false }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('catalogue.picture'),
            dataIndex: 'imageUrl',
            width: 90,
            render: (url: string | null) => (url ? <img src={`${url}?w=200`} alt="" height={36} /> : '—'),
          },
          { title: t('catalogue.name'), key: 'name', render: (_, a) => a.name[language] },
          { title: t('catalogue.starts'), dataIndex: 'startsAt', render: (v: string) => time(v) },
          { title: t('catalogue.ends'), dataIndex: 'endsAt', render: (v: string) => time(v) },
          { title: t('catalogue.productCount'), key: 'count', render: (_, a) => a.productIds.length },
          {
            title: t('catalogue.shown'),
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
          },
          {
            title: t('common.actions'),
            key: 'edit',
            render: (_, a) => (
              <Button type="link" onClick={() => open(a)} data-testid={`activity-edit-${a.id}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? t('catalogue.editActivity') : t('catalogue.newActivity')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        okButtonProps={{ ...({ 'data-testid': 'activity-save' } as object), loading: save.isPending }}
        width={800}
        destroyOnHidden
      >
        <Form<ActivityForm>
          form={form}
          layout="vertical"
          onFinish={(v) => save.mutate(v)}
          preserve={false}
          initialValues={{ sort: 0, enabled: true, productIds: [] }}
        >
          <LocalizedFields name="name" label={t('catalogue.name')} testId="activity-name" />
          <LocalizedFields name="subtitle" label={t('catalogue.subtitle')} testId="activity-subtitle" />
          <Form.Item name="imageIds" label={t('catalogue.picture')}>
            <PictureUpload
              max={1}
              testId="activity-picture"
              existing={editing?.imageUrl && editing.imageId ? [{ id: editing.imageId, url: editing.imageUrl }] : []}
            />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('catalogue.period')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <DatePicker.RangePicker showTime data-testid="activity-period" />
          </Form.Item>
          <Form.Item name="sort" label={t('catalogue.sort')}>
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('catalogue.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="productIds" label={t('catalogue.activityProducts')}>
            <ProductPicker testId="activity-products" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
