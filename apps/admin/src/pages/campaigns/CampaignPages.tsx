import {
  adminCampaignPublish,
  adminCampaignSave,
  adminCampaigns,
  adminCouponBatches,
  CAMPAIGN_ROUTES,
  type CampaignBlockInput,
  type ConsoleCampaign,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../api.ts';
import { LocalizedFields } from '../../components.tsx';
import { time } from '../../format.ts';
import { type Language, useI18n } from '../../i18n.tsx';
import { PageTitle, useShowError } from '../../ui.tsx';
import { BlockFields } from './BlockFields.tsx';
import { fromPhnomPenhInput, toPhnomPenhInput } from './phnomPenh.ts';

const BLOCK_TYPES = ['hero', 'countdown', 'products', 'coupons', 'luckyDraw', 'spendAndGet', 'rules', 'share'] as const;
type FormBlock = Record<string, unknown> & { type: CampaignBlockInput['type']; imageIds?: number[] };
type CampaignForm = {
  route: ConsoleCampaign['route'];
  title: Record<Language, string>;
  startsAt: string;
  endsAt: string;
  blocks: FormBlock[];
};

const pictureId = (url: string) => Number(url.split('/').pop());

function toForm(c: ConsoleCampaign): CampaignForm {
  return {
    route: c.route,
    title: c.title,
    startsAt: toPhnomPenhInput(c.startsAt),
    endsAt: toPhnomPenhInput(c.endsAt),
    blocks: c.blocks.map((b) =>
      b.type === 'hero' ? { ...b, imageIds: b.imageUrl ? [pictureId(b.imageUrl)] : [] } : { ...b },
    ),
  };
}

function toBlocks(blocks: FormBlock[]): CampaignBlockInput[] {
  return blocks.map(({ imageIds, ...b }) =>
    b.type === 'hero'
      ? ({ ...b, imageUrl: imageIds?.[0] ? `/v1/catalogue/image/${imageIds[0]}` : null } as CampaignBlockInput)
      : (b as CampaignBlockInput),
  );
}

/** Campaign pages: every campaign with its route, dates and state; build one from blocks, preview, publish. */
export function CampaignPages() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const [form] = Form.useForm<CampaignForm>();
  const [editing, setEditing] = useState<ConsoleCampaign | 'new' | null>(null);
  const data = useQuery({ queryKey: ['campaign-pages'], queryFn: () => call(adminCampaigns) });
  const batches = useQuery({ queryKey: ['coupons'], queryFn: () => call(adminCouponBatches) });
  const refresh = () => client.invalidateQueries({ queryKey: ['campaign-pages'] });
  const save = useMutation({
    mutationFn: (v: CampaignForm) =>
      call(adminCampaignSave, {
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        route: v.route,
        title: v.title,
        startsAt: fromPhnomPenhInput(v.startsAt),
        endsAt: fromPhnomPenhInput(v.endsAt),
        blocks: toBlocks(v.blocks ?? []),
      }),
    onSuccess: (saved) => {
      message.success(t('common.saved'));
      setEditing(saved);
      void refresh();
    },
    onError: showError,
  });
  const publish = useMutation({
    mutationFn: (v: { id: number; published: boolean }) => call(adminCampaignPublish, v),
    onSuccess: () => void refresh(),
    onError: showError,
  });
  const open = (c: ConsoleCampaign | 'new') => {
    form.resetFields();
    if (c !== 'new') form.setFieldsValue(toForm(c));
    else form.setFieldsValue({ blocks: [{ type: 'hero' }, { type: 'countdown' }, { type: 'share' }] } as never);
    setEditing(c);
  };
  const stateOf = (c: ConsoleCampaign) => {
    const now = Date.now();
    if (!c.published) return <Tag>{t('campaigns.draft')}</Tag>;
    if (now < Date.parse(c.startsAt)) return <Tag color="blue">{t('campaigns.upcoming')}</Tag>;
    if (now < Date.parse(c.endsAt)) return <Tag color="green">{t('campaigns.running')}</Tag>;
    return <Tag color="default">{t('campaigns.ended')}</Tag>;
  };
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => open('new')} data-testid="campaign-new">
            {t('campaigns.new')}
          </Button>
        }
      >
        {t('campaigns.title')}
      </PageTitle>
      <Table<ConsoleCampaign>
        rowKey="id"
        size="small"
        loading={data.isPending}
        dataSource={data.data?.list ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('campaigns.route'), dataIndex: 'route', render: (r: string) => <code>/{r}</code> },
          { title: t('campaigns.name'), render: (_, c) => c.title[language] },
          { title: t('campaigns.starts'), render: (_, c) => time(c.startsAt) },
          { title: t('campaigns.ends'), render: (_, c) => time(c.endsAt) },
          { title: t('campaigns.state'), render: (_, c) => stateOf(c) },
          {
            title: '',
            render: (_, c) => (
              <Space>
                <Button size="small" onClick={() => open(c)} data-testid={`campaign-edit-${c.route}`}>
                  {t('common.edit')}
                </Button>
                <Button size="small" href={c.previewPath} target="_blank" data-testid={`campaign-preview-${c.route}`}>
                  {t('campaigns.preview')}
                </Button>
                <Button
                  size="small"
                  type={c.published ? 'default' : 'primary'}
                  onClick={() => publish.mutate({ id: c.id, published: !c.published })}
                  data-testid={`campaign-publish-${c.route}`}
                >
                  {c.published ? t('campaigns.unpublish') : t('campaigns.publish')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        width={980}
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('campaigns.new') : t('campaigns.editTitle')}
        extra={
          editing && editing !== 'new' ? (
            <a href={editing.previewPath} target="_blank" rel="noreferrer" data-testid="campaign-preview-link">
              {t('campaigns.preview')} ↗
            </a>
          ) : null
        }
      >
        <Form<CampaignForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Space wrap align="start">
            <Form.Item name="route" label={t('campaigns.route')} rules={[{ required: true }]}>
              <Select
                style={{ width: 220 }}
                data-testid="campaign-route"
                options={CAMPAIGN_ROUTES.map((r) => ({ value: r, label: `/${r}` }))}
              />
            </Form.Item>
            <Form.Item name="startsAt" label={t('campaigns.startsPp')} rules={[{ required: true }]}>
              <Input type="datetime-local" data-testid="campaign-starts" />
            </Form.Item>
            <Form.Item name="endsAt" label={t('campaigns.endsPp')} rules={[{ required: true }]}>
              <Input type="datetime-local" data-testid="campaign-ends" />
            </Form.Item>
          </Space>
          <LocalizedFields name="title" label={t('campaigns.name')} testId="campaign-name" />
          <Form.List name="blocks">
            {(fields, { add, remove, move }) => (
              <>
                {fields.map((field, i) => (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 8 }}
                    title={
                      <Form.Item noStyle shouldUpdate>
                        {() => t(`campaigns.block.${form.getFieldValue(['blocks', field.name, 'type'])}`)}
                      </Form.Item>
                    }
                    extra={
                      <Space>
                        <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                          ↑
                        </Button>
                        <Button size="small" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                          ↓
                        </Button>
                        <Button size="small" danger onClick={() => remove(field.name)}>
                          {t('common.remove')}
                        </Button>
                      </Space>
                    }
                  >
                    <Form.Item name={[field.name, 'type']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => (
                        <BlockFields
                          index={field.name}
                          type={form.getFieldValue(['blocks', field.name, 'type'])}
                          tags={data.data?.choices.tags ?? []}
                          activities={data.data?.choices.activities ?? []}
                          batches={batches.data ?? []}
                        />
                      )}
                    </Form.Item>
                  </Card>
                ))}
                <Space wrap style={{ marginBottom: 16 }}>
                  {BLOCK_TYPES.map((type) => (
                    <Button key={type} onClick={() => add({ type })} data-testid={`campaign-add-${type}`}>
                      + {t(`campaigns.block.${type}`)}
                    </Button>
                  ))}
                </Space>
              </>
            )}
          </Form.List>
          <div>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="campaign-save">
              {t('common.save')}
            </Button>
          </div>
        </Form>
      </Drawer>
    </>
  );
}
