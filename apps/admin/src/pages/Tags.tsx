import { adminTagSave, adminTags, type ConsoleTag } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, ColorPicker, Form, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { LocalizedFields, ProductPicker } from '../components.tsx';
import { type Language, useI18n } from '../i18n.tsx';
import { tagColour } from '../theme.ts';
import { PageTitle, useShowError } from '../ui.tsx';

type TagForm = {
  name: Record<Language, string>;
  color: string | { toHexString(): string };
  sort?: number;
  enabled?: boolean;
  productIds?: number[];
};

/** Tags: named product lists the shop shows (/tagProductList), with the products they hold. */
export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  /** undefined: closed; null: a new tag; else the tag being changed. */
  const [editing, setEditing] = useState<ConsoleTag | null | undefined>();
  const [form] = Form.useForm<TagForm>();
  const tags = useQuery({ queryKey: ['tags'], queryFn: () => call(adminTags) });
  const save = useMutation({
    mutationFn: (v: TagForm) =>
      call(adminTagSave, {
        ...(editing ? { id: editing.id } : {}),
        name: v.name,
        color: typeof v.color === 'string' ? v.color : v.color.toHexString(),
        sort: Number(v.sort ?? 0),
        enabled: v.enabled !== false,
        productIds: v.productIds ?? [],
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setEditing(undefined);
      void queryClient.invalidateQueries({ queryKey: ['tags'] });
    },
    onError: showError,
  });
  const open = (tag: ConsoleTag | null) => {
    form.resetFields();
    if (tag) form.setFieldsValue(tag);
    setEditing(tag);
  };
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => open(null)} data-testid="tag-new">
            {t('catalogue.newTag')}
          </Button>
        }
      >
        {t('catalogue.tags')}
      </PageTitle>
      <Table<ConsoleTag>
        data-testid="tag-table"
        rowKey="id"
        size="small"
        loading={tags.isPending}
        dataSource={tags.data}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('catalogue.name'),
            key: 'name',
            // The shop's colour for the tag, darkened if need be to be read (the shop does the same).
            render: (_, tag) => <Tag color={tagColour(tag.color)}>{tag.name[language]}</Tag>,
          },
          { title: t('catalogue.productCount'), key: 'count', render: (_, tag) => tag.productIds.length },
          { title: t('catalogue.sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('catalogue.shown'),
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
          },
          {
            title: t('common.actions'),
            key: 'edit',
            render: (_, tag) => (
              <Button type="link" onClick={() => open(tag)} data-testid={`tag-edit-${tag.id}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? t('catalogue.editTag') : t('catalogue.newTag')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        okButtonProps={{ ...({ 'data-testid': 'tag-save' } as object), loading: save.isPending }}
        width={760}
        forceRender
      >
        <Form<TagForm>
          form={form}
          layout="vertical"
          onFinish={(v) => save.mutate(v)}
          initialValues={{ color: '#e4393c', sort: 0, enabled: true, productIds: [] }}
        >
          <LocalizedFields name="name" label={t('catalogue.name')} testId="tag-name" />
          <Form.Item name="color" label={t('catalogue.colour')}>
            <ColorPicker disabledAlpha format="hex" showText />
          </Form.Item>
          <Form.Item name="sort" label={t('catalogue.sort')}>
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('catalogue.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="productIds" label={t('catalogue.tagProducts')}>
            <ProductPicker testId="tag-products" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
