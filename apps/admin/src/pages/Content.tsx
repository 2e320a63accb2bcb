import {
  adminContentGet,
  adminContentList,
  adminContentPreview,
  adminContentSave,
  CONTENT_KEY_PATTERN,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Space, Table, Tabs, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { call, tokenStore } from '../api.ts';
import { LocalizedFields } from '../components.tsx';
import { time } from '../format.ts';
import { getLanguage, type Language, useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type DocForm = { key: string; title: Record<Language, string>; body: Record<Language, string> };
const LANGS: Language[] = ['en-US', 'chs', 'kh'];

/** Content documents (catalogue): pick one or start a new key, write it in three languages, preview as the shop shows it. */
export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DocForm>();
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<Language>('en-US');
  const [preview, setPreview] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const list = useQuery({ queryKey: ['content'], queryFn: () => call(adminContentList) });
  const doc = useQuery({
    queryKey: ['content', selected],
    queryFn: () => call(adminContentGet, { key: selected as string }),
    enabled: !!selected,
  });
  useEffect(() => {
    form.resetFields();
    setPreview(null);
    if (doc.data) form.setFieldsValue({ key: doc.data.key, title: doc.data.title, body: doc.data.body });
  }, [doc.data, form]);
  const save = useMutation({
    mutationFn: (v: DocForm) => call(adminContentSave, { key: v.key.trim(), title: v.title, body: v.body }),
    onSuccess: (saved) => {
      message.success(t('common.saved'));
      setSelected(saved.key);
      void queryClient.invalidateQueries({ queryKey: ['content'] });
    },
    onError: showError,
  });
  const render = useMutation({
    mutationFn: (markdown: string) => call(adminContentPreview, { markdown }),
    onSuccess: (r) => setPreview(r.html),
    onError: showError,
  });
  const showPreview = (lang: Language) => render.mutate(form.getFieldValue(['body', lang]) ?? '');
  const appendPicture = (url: string) => {
    const current: string = form.getFieldValue(['body', tab]) ?? '';
    form.setFieldValue(['body', tab], `${current}${current ? '\n\n' : ''}![](${url})`);
  };
  return (
    <>
      <PageTitle
        extra={
          <Button
            onClick={() => {
              setSelected(null);
              form.resetFields();
              setPreview(null);
            }}
            data-testid="content-new"
          >
            {t('content.new')}
          </Button>
        }
      >
        {t('content.title')}
      </PageTitle>
      <Row gutter={16}>
        <Col span={8}>
          {/* Dozens of documents (pages, campaigns, card, loans): found by a part of the key or title. */}
          <Input.Search
            allowClear
            placeholder={t('content.find')}
            onChange={(e) => setFilter(e.target.value.trim().toLowerCase())}
            style={{ marginBottom: 8 }}
            data-testid="content-filter"
          />
          <Table
            size="small"
            rowKey="key"
            loading={list.isPending}
            dataSource={(list.data ?? []).filter(
              (d) =>
                !filter ||
                d.key.toLowerCase().includes(filter) ||
                LANGS.some((lang) => d.title[lang]?.toLowerCase().includes(filter)),
            )}
            pagination={{ pageSize: 20 }}
            onRow={(r) => ({ onClick: () => setSelected(r.key), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.key === selected ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: t('content.key'),
                dataIndex: 'key',
                // The row opens on a click; its key is the way in by keyboard.
                render: (k: string) => (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setSelected(k)}>
                    <code>{k}</code>
                  </Button>
                ),
              },
              { title: t('content.docTitle'), render: (_, r) => r.title[language] },
              { title: t('content.updated'), dataIndex: 'updatedAt', render: (v: string) => time(v) },
            ]}
          />
        </Col>
        <Col span={16}>
          <Card>
            <Form<DocForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
              <Form.Item
                name="key"
                label={t('content.key')}
                extra={t('content.keyHint')}
                rules={[{ required: true, pattern: CONTENT_KEY_PATTERN, message: t('content.keyHint') }]}
              >
                <Input disabled={!!selected} style={{ maxWidth: 360 }} data-testid="content-key" />
              </Form.Item>
              <LocalizedFields name="title" label={t('content.docTitle')} testId="content-title" />
              <Tabs
                activeKey={tab}
                onChange={(k) => {
                  setTab(k as Language);
                  setPreview(null);
                }}
                items={LANGS.map((lang) => ({
                  key: lang,
                  label: t(`language.${lang}`),
                  forceRender: true,
                  children: (
                    <Form.Item
                      name={['body', lang]}
                      extra={t('content.markdownHint')}
                      rules={[{ required: true, whitespace: true, message: t('common.required') }]}
                    >
                      <Input.TextArea
                        rows={14}
                        aria-label={`${t('content.body')} · ${t(`language.${lang}`)}`}
                        data-testid={`content-body-${lang}`}
                        style={{ fontFamily: 'monospace' }}
                      />
                    </Form.Item>
                  ),
                }))}
              />
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="content-save">
                  {t('common.save')}
                </Button>
                <Button onClick={() => showPreview(tab)} loading={render.isPending} data-testid="content-preview">
                  {t('content.preview')}
                </Button>
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  action="/admin-api/v1/catalogue/images/upload"
                  headers={{ authorization: `Bearer ${tokenStore.get()}`, language: getLanguage() }}
                  onChange={({ file }) => {
                    const res = file.response as { code: string; msg: string; data?: { url: string } } | undefined;
                    if (file.status !== 'done' || !res) return;
                    if (res.code === '0' && res.data) appendPicture(res.data.url);
                    else message.error(res.msg);
                  }}
                >
                  <Button data-testid="content-picture">{t('content.addPicture')}</Button>
                </Upload>
              </Space>
            </Form>
          </Card>
          {preview !== null && (
            <Card title={t('content.previewOf', { language: t(`language.${tab}`) })} style={{ marginTop: 16 }}>
              <div
                style={{ maxWidth: 390, lineHeight: 1.6, fontSize: 14 }}
                data-testid="content-preview-html"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering, as the shop shows it
                dangerouslySetInnerHTML={{ __html: preview }}
              />
            </Card>
          )}
          {doc.data && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('content.lastSaved', { at: time(doc.data.updatedAt), by: doc.data.updatedBy ?? '—' })}
            </Typography.Paragraph>
          )}
        </Col>
      </Row>
    </>
  );
}
