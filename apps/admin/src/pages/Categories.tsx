import { adminCategoryCreate, adminCategoryUpdate } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Switch, Tag, Tree } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { useCategoryOptions } from '../categories.ts';
import { LocalizedFields } from '../components.tsx';
import { type Language, useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type Node = { key: number; title: React.ReactNode; children?: Node[] };
type CategoryForm = { name: Record<Language, string>; sort?: number; enabled?: boolean };
/** What the dialog does: add under a parent (null: at the top) or change a category. */
type Editing = { parentId: number | null } | { id: number };

export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const { rows } = useCategoryOptions(language, false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<CategoryForm>();
  const save = useMutation({
    mutationFn: async (v: CategoryForm) => {
      if (editing && 'id' in editing)
        return call(adminCategoryUpdate, {
          id: editing.id,
          name: v.name,
          sort: Number(v.sort ?? 0),
          enabled: v.enabled !== false,
        });
      return call(adminCategoryCreate, {
        parentId: editing?.parentId ?? null,
        name: v.name,
        sort: Number(v.sort ?? 0),
      });
    },
    onSuccess: () => {
      message.success(t('common.saved'));
      setEditing(null);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
    onError: showError,
  });
  const edit = (id: number) => {
    const c = rows.find((r) => r.id === id);
    if (!c) return;
    setEditing({ id });
    form.setFieldsValue({ name: c.name, sort: c.sort, enabled: c.enabled });
  };
  const build = (parentId: number | null): Node[] =>
    rows
      .filter((c) => c.parentId === parentId)
      .map((c) => ({
        key: c.id,
        title: (
          <span>
            {c.name[language]} <small style={{ color: '#666' }}>#{c.id}</small>{' '}
            {!c.enabled && <Tag>{t('catalogue.hidden')}</Tag>}
            <Button type="link" size="small" onClick={() => edit(c.id)} data-testid={`category-edit-${c.id}`}>
              {t('common.edit')}
            </Button>
            {c.level < 3 && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  form.resetFields();
                  setEditing({ parentId: c.id });
                }}
                data-testid={`category-add-${c.id}`}
              >
                + {t('catalogue.addSub')}
              </Button>
            )}
          </span>
        ),
        children: build(c.id),
      }));
  const changing = editing !== null && 'id' in editing;
  return (
    <>
      <PageTitle
        extra={
          <Button
            type="primary"
            onClick={() => {
              form.resetFields();
              setEditing({ parentId: null });
            }}
            data-testid="category-add-top"
          >
            {t('catalogue.addTop')}
          </Button>
        }
      >
        {t('catalogue.categories')}
      </PageTitle>
      <Tree treeData={build(null)} defaultExpandAll selectable={false} key={rows.length} />
      <Modal
        open={editing !== null}
        title={changing ? t('catalogue.editCategory') : t('catalogue.newCategory')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        okButtonProps={{ ...({ 'data-testid': 'category-save' } as object), loading: save.isPending }}
        width={720}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} initialValues={{ sort: 0, enabled: true }}>
          <LocalizedFields name="name" label={t('catalogue.name')} testId="category-name" />
          <Form.Item name="sort" label={t('catalogue.sort')}>
            <InputNumber precision={0} />
          </Form.Item>
          {changing && (
            <Form.Item name="enabled" label={t('catalogue.shown')} valuePropName="checked">
              <Switch data-testid="category-enabled" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
