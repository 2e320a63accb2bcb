import {
  adminBannerCreate,
  adminBannerEnable,
  adminBanners,
  adminBannerUpdate,
  adminProducts,
  BANNER_POSITIONS,
  type ConsoleBanner,
  JUMP_TYPES,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { LocalizedFields, PictureUpload } from '../components.tsx';
import { money } from '../format.ts';
import { type Language, useI18n } from '../i18n.tsx';
import { jumpNeeds, jumpTarget } from '../jump.ts';
import { PageTitle, useShowError } from '../ui.tsx';

type BannerForm = {
  position: string;
  name: Record<Language, string>;
  imageIds?: number[];
  jumpType: string;
  jumpValue?: string;
  productItemId?: number;
  url?: string;
  urlKh?: string;
  urlChs?: string;
  channel?: string;
  sort?: number;
};

/** Picks a product item (SKU) by searching product names; `id` (from its Form.Item) ties it to its label. */
function ItemPicker({ value, onChange, id }: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { language } = useI18n();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['products', 'picker', keyword],
    queryFn: () => call(adminProducts, { page: 1, size: 20, keyword }),
  });
  const options = (found.data?.list ?? []).flatMap((p) =>
    p.items.map((i) => ({
      value: i.id,
      label: `${p.name[language]} — ${i.spec.map((s) => s.value[language]).join(' / ') || '—'} #${i.id} (${money(i.priceCents)})`,
    })),
  );
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      options={options}
      loading={found.isFetching}
      data-testid="banner-item"
      style={{ width: '100%' }}
    />
  );
}

/** A catalogue picture's id from its address (/v1/catalogue/image/<id>). */
const pictureId = (url: string) => Number(url.split('/').pop());

export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<string | undefined>();
  /** undefined: closed; null: a new banner; else the banner being changed. */
  const [editing, setEditing] = useState<ConsoleBanner | null | undefined>();
  const [form] = Form.useForm<BannerForm>();
  const values = Form.useWatch([], form) as BannerForm | undefined;
  const banners = useQuery({ queryKey: ['banners', position], queryFn: () => call(adminBanners, { position }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['banners'] });
  const save = useMutation({
    mutationFn: (v: BannerForm) => {
      const body = {
        position: v.position,
        name: v.name,
        imageId: v.imageIds?.[0] ?? null,
        jumpType: v.jumpType,
        jumpValue: v.jumpValue ?? null,
        productItemId: v.productItemId ?? null,
        url: v.url ?? null,
        urlKh: v.urlKh ?? null,
        urlChs: v.urlChs ?? null,
        channel: v.channel ?? null,
        sort: v.sort ?? 0,
      };
      return editing ? call(adminBannerUpdate, { id: editing.id, ...body }) : call(adminBannerCreate, body);
    },
    onSuccess: () => {
      message.success(editing ? t('common.saved') : t('catalogue.bannerCreated'));
      setEditing(undefined);
      void refresh();
    },
    onError: showError,
  });
  const enable = useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) => call(adminBannerEnable, v),
    onSuccess: () => refresh(),
    onError: showError,
  });
  const needs = jumpNeeds(values?.jumpType ?? '');

  return (
    <>
      <PageTitle
        extra={
          <>
            <Select
              allowClear
              placeholder={t('catalogue.position')}
              aria-label={t('catalogue.position')}
              style={{ width: 180, marginRight: 8 }}
              value={position}
              onChange={setPosition}
              options={BANNER_POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))}
            />
            <Button type="primary" onClick={() => setEditing(null)} data-testid="banner-new">
              {t('catalogue.newBanner')}
            </Button>
          </>
        }
      >
        {t('catalogue.banners')}
      </PageTitle>
      <Table<ConsoleBanner>
        data-testid="banner-table"
        rowKey="id"
        size="small"
        loading={banners.isPending}
        dataSource={banners.data}
        pagination={{ pageSize: 30, showSizeChanger: false }}
        columns={[
          { title: t('catalogue.position'), dataIndex: 'position', render: (p: string) => t(`position.${p}`) },
          {
            title: t('catalogue.picture'),
            dataIndex: 'imageUrl',
            render: (url: string | null) => (url ? <img src={`${url}?w=200`} alt="" height={36} /> : '—'),
          },
          { title: t('catalogue.name'), key: 'name', render: (_, b) => b.name[language] },
          { title: t('catalogue.jumpType'), dataIndex: 'jumpType', render: (j: string) => <Tag>{t(`jump.${j}`)}</Tag> },
          {
            title: t('catalogue.jumpsTo'),
            key: 'target',
            render: (_, b) => <code>{jumpTarget({ ...b, name: b.name[language] }, language)}</code>,
          },
          { title: t('catalogue.sort'), dataIndex: 'sort', width: 60 },
          {
            title: t('catalogue.shown'),
            dataIndex: 'enabled',
            render: (v: boolean, b) => (
              <Switch
                checked={v}
                aria-label={t('common.switchOf', { what: t('catalogue.shown'), name: b.name[language] })}
                onChange={(enabled) => enable.mutate({ id: b.id, enabled })}
              />
            ),
          },
          {
            title: t('common.actions'),
            key: 'edit',
            render: (_, b) => (
              <Button type="link" onClick={() => setEditing(b)} data-testid={`banner-edit-${b.id}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? t('catalogue.editBanner', { id: editing.id }) : t('catalogue.newBanner')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        okButtonProps={{ ...({ 'data-testid': 'banner-save' } as object), loading: save.isPending }}
        width={780}
        destroyOnHidden
      >
        <Form<BannerForm>
          form={form}
          layout="vertical"
          onFinish={(v) => save.mutate(v)}
          preserve={false}
          initialValues={
            editing
              ? {
                  ...editing,
                  imageIds: editing.imageUrl ? [pictureId(editing.imageUrl)] : [],
                  jumpValue: editing.jumpValue ?? undefined,
                  productItemId: editing.productItemId ?? undefined,
                  url: editing.url ?? undefined,
                  urlKh: editing.urlKh ?? undefined,
                  urlChs: editing.urlChs ?? undefined,
                  channel: editing.channel ?? undefined,
                }
              : { position: 'home', jumpType: 'product', sort: 0 }
          }
        >
          <Form.Item name="position" label={t('catalogue.position')} rules={[{ required: true }]}>
            <Select options={BANNER_POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))} />
          </Form.Item>
          <LocalizedFields name="name" label={t('catalogue.name')} testId="banner-name" />
          <Form.Item name="imageIds" label={t('catalogue.picture')}>
            <PictureUpload
              max={1}
              testId="banner-picture"
              existing={editing?.imageUrl ? [{ id: pictureId(editing.imageUrl), url: editing.imageUrl }] : []}
            />
          </Form.Item>
          <Form.Item name="jumpType" label={t('catalogue.jumpType')} rules={[{ required: true }]}>
            <Select
              data-testid="banner-jump-type"
              options={JUMP_TYPES.map((j) => ({ value: j, label: t(`jump.${j}`) }))}
            />
          </Form.Item>
          {needs.item && (
            <Form.Item
              name="productItemId"
              label={t('catalogue.item')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <ItemPicker />
            </Form.Item>
          )}
          {needs.value && (
            <Form.Item
              name="jumpValue"
              label={t(`jump.field.${needs.value}`)}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Input data-testid="banner-jump-value" />
            </Form.Item>
          )}
          {needs.url && (
            <>
              <Form.Item name="url" label="URL (https://)" rules={[{ required: true, message: t('common.required') }]}>
                <Input data-testid="banner-url" />
              </Form.Item>
              <Form.Item name="urlKh" label="URL ខ្មែរ">
                <Input />
              </Form.Item>
              <Form.Item name="urlChs" label="URL 中文">
                <Input />
              </Form.Item>
            </>
          )}
          {needs.channel && (
            <Form.Item
              name="channel"
              label={t('catalogue.channel')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Select options={['taobao', 'alibaba'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          )}
          <Form.Item name="sort" label={t('catalogue.sort')}>
            <InputNumber />
          </Form.Item>
          <Alert
            type="info"
            data-testid="banner-preview"
            message={`${t('catalogue.jumpsTo')}: ${values?.jumpType ? jumpTarget({ ...values, name: values.name?.[language] }, language) : '—'}`}
          />
        </Form>
      </Modal>
    </>
  );
}
