import {
  adminCategories,
  adminItemStock,
  adminProductCreate,
  adminProductPublish,
  adminProducts,
  type ConsoleProduct,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Cascader, Drawer, Form, Input, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../api.ts';
import { LocalizedFields, PictureUpload, toCents } from '../components.tsx';
import { money } from '../format.ts';
import { type Language, useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type Category = { id: number; parentId: number | null; level: number; name: Record<Language, string> };
type Option = { value: number; label: string; children?: Option[] };

export function useCategoryOptions(language: Language, leavesOnly: boolean) {
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => call(adminCategories) });
  return useMemo(() => {
    const rows = (categories.data ?? []) as Category[];
    const build = (parentId: number | null): Option[] =>
      rows
        .filter((c) => c.parentId === parentId)
        .map((c) => {
          const children = build(c.id);
          return { value: c.id, label: c.name[language], ...(children.length ? { children } : {}) };
        })
        .filter((o) => !leavesOnly || o.children || rows.find((r) => r.id === o.value)?.level === 3);
    return { options: build(null), rows, query: categories };
  }, [categories, language, leavesOnly]);
}

type ItemForm = {
  specName: Record<Language, string>;
  specValue: Record<Language, string>;
  price: number;
  marketPrice?: number;
  stock: number;
};
type ProductForm = {
  category: number[];
  name: Record<Language, string>;
  description: Record<Language, string>;
  brand?: string;
  published: boolean;
  imageIds?: number[];
  items: ItemForm[];
};

export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<ProductForm>();
  const { options } = useCategoryOptions(language, true);
  const list = useQuery({
    queryKey: ['products', page, keyword],
    queryFn: () => call(adminProducts, { page, size: 20, keyword }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['products'] });

  const create = useMutation({
    mutationFn: (v: ProductForm) =>
      call(adminProductCreate, {
        categoryId: v.category[v.category.length - 1],
        name: v.name,
        description: v.description,
        brand: v.brand ?? '',
        published: v.published,
        imageIds: v.imageIds ?? [],
        items: v.items.map((i) => ({
          spec: i.specName?.['en-US'] ? [{ name: i.specName, value: i.specValue }] : [],
          priceCents: toCents(i.price) ?? 0,
          marketPriceCents: toCents(i.marketPrice) ?? null,
          stock: Number(i.stock ?? 0),
        })),
      }),
    onSuccess: (data) => {
      message.success(t('catalogue.productCreated', { id: data.productId }));
      setCreating(false);
      form.resetFields();
      void refresh();
    },
    onError: showError,
  });
  const publish = useMutation({
    mutationFn: (v: { productId: number; published: boolean }) => call(adminProductPublish, v),
    onSuccess: () => refresh(),
    onError: showError,
  });
  const stock = useMutation({
    mutationFn: (v: { skuId: number; stock: number }) => call(adminItemStock, v),
    onSuccess: () => {
      message.success(t('common.saved'));
      void refresh();
    },
    onError: showError,
  });

  return (
    <>
      <PageTitle
        extra={
          <Space>
            <Input.Search
              placeholder={t('catalogue.searchName')}
              allowClear
              onSearch={(v) => {
                setPage(1);
                setKeyword(v);
              }}
            />
            <Button type="primary" data-testid="product-new" onClick={() => setCreating(true)}>
              {t('catalogue.newProduct')}
            </Button>
          </Space>
        }
      >
        {t('catalogue.products')}
      </PageTitle>
      <Table<ConsoleProduct>
        data-testid="product-table"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (p) => (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={p.items}
              columns={[
                { title: 'SKU', dataIndex: 'id', width: 80 },
                {
                  title: t('catalogue.spec'),
                  key: 'spec',
                  render: (_, i) => i.spec.map((s) => `${s.name[language]}: ${s.value[language]}`).join(', ') || '—',
                },
                { title: t('catalogue.price'), dataIndex: 'priceCents', render: (c: number) => money(c) },
                {
                  title: t('catalogue.stock'),
                  key: 'stock',
                  render: (_, i) => (
                    <InputNumber
                      size="small"
                      min={0}
                      defaultValue={i.stock}
                      data-testid={`stock-${i.id}`}
                      onPressEnter={(e) =>
                        stock.mutate({ skuId: i.id, stock: Number((e.target as HTMLInputElement).value) })
                      }
                    />
                  ),
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('catalogue.picture'),
            dataIndex: 'coverImageUrl',
            width: 70,
            render: (url: string | null) => (url ? <img src={`${url}?w=100`} alt="" width={40} height={40} /> : '—'),
          },
          { title: t('catalogue.name'), key: 'name', render: (_, p) => p.name[language] },
          { title: t('catalogue.price'), dataIndex: 'minPriceCents', render: (c: number) => money(c) },
          {
            title: t('catalogue.stock'),
            key: 'stock',
            render: (_, p) => {
              const total = p.items.reduce((s, i) => s + i.stock, 0);
              return total <= 5 ? <Tag color="orange">{total}</Tag> : total;
            },
          },
          {
            title: t('catalogue.published'),
            dataIndex: 'published',
            render: (v: boolean, p) => (
              <Switch
                checked={v}
                data-testid={`publish-${p.id}`}
                onChange={(published) => publish.mutate({ productId: p.id, published })}
              />
            ),
          },
        ]}
      />
      <Drawer
        title={t('catalogue.newProduct')}
        open={creating}
        size={900}
        onClose={() => setCreating(false)}
        extra={
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="product-save">
            {t('common.save')}
          </Button>
        }
      >
        <Form<ProductForm>
          form={form}
          layout="vertical"
          onFinish={(v) => create.mutate(v)}
          initialValues={{ published: true, items: [{ stock: 10 }] }}
        >
          <Form.Item
            name="category"
            label={t('catalogue.category')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Cascader options={options} data-testid="product-category" placeholder={t('catalogue.category')} />
          </Form.Item>
          <LocalizedFields name="name" label={t('catalogue.name')} testId="product-name" />
          <LocalizedFields
            name="description"
            label={t('catalogue.description')}
            textarea
            testId="product-description"
          />
          <Space size="large">
            <Form.Item name="brand" label={t('catalogue.brand')}>
              <Input data-testid="product-brand" />
            </Form.Item>
            <Form.Item name="published" label={t('catalogue.published')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="imageIds" label={t('catalogue.pictures')}>
            <PictureUpload testId="product-pictures" />
          </Form.Item>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 12 }}
                    title={t('catalogue.itemN', { n: index + 1 })}
                    data-testid={`item-${index}`}
                    extra={
                      fields.length > 1 ? (
                        <Button type="link" danger onClick={() => remove(field.name)}>
                          {t('common.remove')}
                        </Button>
                      ) : null
                    }
                  >
                    <LocalizedFields
                      name={[field.name, 'specName']}
                      label={t('catalogue.specName')}
                      testId={`item-${index}-spec-name`}
                    />
                    <LocalizedFields
                      name={[field.name, 'specValue']}
                      label={t('catalogue.specValue')}
                      testId={`item-${index}-spec-value`}
                    />
                    <Space size="large">
                      <Form.Item
                        name={[field.name, 'price']}
                        label={t('catalogue.priceUsd')}
                        rules={[{ required: true, message: t('common.required') }]}
                      >
                        <InputNumber min={0} step={0.01} precision={2} prefix="$" data-testid={`item-${index}-price`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'marketPrice']} label={t('catalogue.marketPriceUsd')}>
                        <InputNumber min={0} step={0.01} precision={2} prefix="$" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'stock']}
                        label={t('catalogue.stock')}
                        rules={[{ required: true, message: t('common.required') }]}
                      >
                        <InputNumber min={0} precision={0} data-testid={`item-${index}-stock`} />
                      </Form.Item>
                    </Space>
                  </Card>
                ))}
                <Button onClick={() => add({ stock: 10 })} data-testid="item-add" block>
                  + {t('catalogue.addItem')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Drawer>
    </>
  );
}
