import { adminCategoryCreate } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Tree } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { LocalizedFields } from '../components.tsx';
import { type Language, useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';
import { useCategoryOptions } from './Products.tsx';

type Node = { key: number; title: React.ReactNode; children?: Node[] };

export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const { rows } = useCategoryOptions(language, false);
  const [parent, setParent] = useState<{ id: number | null } | null>(null);
  const [form] = Form.useForm<{ name: Record<Language, string> }>();
  const create = useMutation({
    mutationFn: (v: { name: Record<Language, string> }) =>
      call(adminCategoryCreate, { parentId: parent?.id ?? null, name: v.name }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setParent(null);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
    onError: showError,
  });
  const build = (parentId: number | null): Node[] =>
    rows
      .filter((c) => c.parentId === parentId)
      .map((c) => ({
        key: c.id,
        title: (
          <span>
            {c.name[language]} <small style={{ color: '#999' }}>#{c.id}</small>
            {c.level < 3 && (
              <Button
                type="link"
                size="small"
                onClick={() => setParent({ id: c.id })}
                data-testid={`category-add-${c.id}`}
              >
                + {t('catalogue.addSub')}
              </Button>
            )}
          </span>
        ),
        children: build(c.id),
      }));
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => setParent({ id: null })} data-testid="category-add-top">
            {t('catalogue.addTop')}
          </Button>
        }
      >
        {t('catalogue.categories')}
      </PageTitle>
      <Tree treeData={build(null)} defaultExpandAll selectable={false} key={rows.length} />
      <Modal
        open={parent !== null}
        title={t('catalogue.newCategory')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setParent(null)}
        okButtonProps={{ loading: create.isPending }}
        width={720}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v)} preserve={false}>
          <LocalizedFields name="name" label={t('catalogue.name')} testId="category-name" />
        </Form>
      </Modal>
    </>
  );
}
