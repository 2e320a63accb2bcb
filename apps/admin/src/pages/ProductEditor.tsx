import { adminProductCreate, adminProductDetail, adminProductUpdate, adminTags } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Cascader, Drawer, Form, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useRef } from 'react';
import { call } from '../api.ts';
import { useCategoryOptions } from '../categories.ts';
import { LocalizedFields, PictureUpload, toCents } from '../components.tsx';
import { type Language, useI18n } from '../i18n.tsx';
import { useShowError } from '../ui.tsx';

type Localized = Record<Language, string>;
type ItemForm = {
  id?: number;
  spec?: { name: Localized; value: Localized }[];
  price: number;
  marketPrice?: number | null;
  stock: number;
  maxPurchase?: number;
  published?: boolean;
};
type ProductForm = {
  category: number[];
  name: Localized;
  description: Localized;
  brand?: string;
  published: boolean;
  imageIds?: number[];
  tagIds?: number[];
  items: ItemForm[];
};

/** A new item starts with one specification pair to fill in (remove it for a product without choices). */
const NEW_ITEM = { stock: 10, maxPurchase: 99, published: true, spec: [{}] };

/**
 * The product drawer: a new product (productId null) or an existing one, loaded whole: texts in three
 * languages, category, pictures, tags, and items (specifications, prices, stock, purchase limit).
 * Items taken out of an existing product are unpublished by the server, not deleted.
 */
export function ProductEditor({ productId, onClose }: { productId: number | null | undefined; onClose: () => void }) {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProductForm>();
  const open = productId !== undefined;
  const editing = typeof productId === 'number';
  const { options, rows } = useCategoryOptions(language, true);
  const tags = useQuery({ queryKey: ['tags'], queryFn: () => call(adminTags), enabled: open });
  const detail = useQuery({
    queryKey: ['product', productId],
    queryFn: () => call(adminProductDetail, { productId }),
    enabled: editing,
  });

  // The form is filled once per opened product: a background refetch must not wipe what staff typed.
  const filledFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!open) {
      filledFor.current = undefined;
      return;
    }
    if (filledFor.current === productId) return;
    const p = detail.data;
    if (!editing) {
      filledFor.current = productId;
      form.resetFields();
      return;
    }
    if (!p || rows.length === 0) return;
    filledFor.current = productId;
    const path: number[] = [];
    for (let c = rows.find((r) => r.id === p.categoryId); c; c = rows.find((r) => r.id === c?.parentId))
      path.unshift(c.id);
    form.setFieldsValue({
      category: path,
      name: p.name,
      description: p.description,
      brand: p.brand,
      published: p.published,
      imageIds: p.images.map((i) => i.id),
      tagIds: p.tagIds,
      items: p.items.map((i) => ({
        id: i.id,
        spec: i.spec,
        price: i.priceCents / 100,
        marketPrice: i.marketPriceCents === null ? null : i.marketPriceCents / 100,
        stock: i.stock,
        maxPurchase: i.maxPurchase,
        published: i.published,
      })),
    });
  }, [open, editing, productId, detail.data, rows, form]);

  const save = useMutation({
    mutationFn: async (v: ProductForm) => {
      const body = {
        categoryId: v.category[v.category.length - 1],
        name: v.name,
        description: v.description,
        brand: v.brand ?? '',
        published: v.published,
        imageIds: v.imageIds ?? [],
        tagIds: v.tagIds ?? [],
        items: v.items.map((i) => ({
          ...(i.id ? { id: i.id } : {}),
          spec: i.spec ?? [],
          priceCents: toCents(i.price) ?? 0,
          marketPriceCents: toCents(i.marketPrice) ?? null,
          stock: Number(i.stock ?? 0),
          maxPurchase: Number(i.maxPurchase ?? 99),
          published: i.published !== false,
        })),
      };
      if (editing) {
        await call(adminProductUpdate, { productId, ...body });
        return productId as number;
      }
      return (await call(adminProductCreate, body)).productId;
    },
    onSuccess: (id) => {
      message.success(editing ? t('common.saved') : t('catalogue.productCreated', { id }));
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product', id] });
      onClose();
    },
    onError: showError,
  });

  return (
    <Drawer
      title={editing ? t('catalogue.editProduct', { id: productId as number }) : t('catalogue.newProduct')}
      open={open}
      size={960}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="product-save">
          {t('common.save')}
        </Button>
      }
    >
      {editing && detail.isPending ? (
        <Spin />
      ) : (
        <Form<ProductForm>
          form={form}
          layout="vertical"
          onFinish={(v) => save.mutate(v)}
          initialValues={{ published: true, items: [NEW_ITEM] }}
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
          <Space size="large" align="start" wrap>
            <Form.Item name="brand" label={t('catalogue.brand')}>
              <Input data-testid="product-brand" />
            </Form.Item>
            <Form.Item name="published" label={t('catalogue.published')} valuePropName="checked">
              <Switch data-testid="product-published" />
            </Form.Item>
            <Form.Item name="tagIds" label={t('catalogue.tags')} style={{ minWidth: 320 }}>
              <Select
                mode="multiple"
                data-testid="product-tags"
                options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name[language] }))}
              />
            </Form.Item>
          </Space>
          <Form.Item name="imageIds" label={t('catalogue.pictures')}>
            <PictureUpload testId="product-pictures" existing={detail.data?.images} />
          </Form.Item>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 12 }}
                    title={
                      form.getFieldValue(['items', field.name, 'id'])
                        ? `${t('catalogue.itemN', { n: index + 1 })} · SKU ${form.getFieldValue(['items', field.name, 'id'])}`
                        : t('catalogue.itemN', { n: index + 1 })
                    }
                    data-testid={`item-${index}`}
                    extra={
                      fields.length > 1 ? (
                        <Button type="link" danger onClick={() => remove(field.name)}>
                          {editing && form.getFieldValue(['items', field.name, 'id'])
                            ? t('catalogue.itemTakeOut')
                            : t('common.remove')}
                        </Button>
                      ) : null
                    }
                  >
                    <Form.Item name={[field.name, 'id']} hidden>
                      <InputNumber />
                    </Form.Item>
                    <Form.List name={[field.name, 'spec']}>
                      {(pairs, pairOps) => (
                        <>
                          {pairs.map((pair, j) => (
                            <div key={pair.key} style={{ borderLeft: '3px solid #f0f0f0', paddingLeft: 8 }}>
                              <LocalizedFields
                                name={[pair.name, 'name']}
                                label={t('catalogue.specName')}
                                testId={`item-${index}-spec-${j}-name`}
                              />
                              <LocalizedFields
                                name={[pair.name, 'value']}
                                label={t('catalogue.specValue')}
                                testId={`item-${index}-spec-${j}-value`}
                              />
                              <Button type="link" danger size="small" onClick={() => pairOps.remove(pair.name)}>
                                {t('catalogue.specRemove')}
                              </Button>
                            </div>
                          ))}
                          {pairs.length < 5 && (
                            <div style={{ marginBottom: 12 }}>
                              <Button size="small" onClick={() => pairOps.add()} data-testid={`item-${index}-spec-add`}>
                                + {t('catalogue.specAdd')}
                              </Button>
                            </div>
                          )}
                        </>
                      )}
                    </Form.List>
                    <Space size="large" wrap>
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
                      <Form.Item name={[field.name, 'maxPurchase']} label={t('catalogue.maxPurchase')}>
                        <InputNumber min={1} max={999} precision={0} data-testid={`item-${index}-max`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'published']} label={t('catalogue.onSale')} valuePropName="checked">
                        <Switch />
                      </Form.Item>
                    </Space>
                  </Card>
                ))}
                <Button onClick={() => add(NEW_ITEM)} data-testid="item-add" block>
                  + {t('catalogue.addItem')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Drawer>
  );
}
