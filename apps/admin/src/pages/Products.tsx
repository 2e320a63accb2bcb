import { adminItemStock, adminProductPublish, adminProducts, type ConsoleProduct } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';
import { ProductEditor } from './ProductEditor.tsx';

export function Component() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  /** The product in the drawer: undefined closed, null a new one, else its id. */
  const [editing, setEditing] = useState<number | null | undefined>();
  const list = useQuery({
    queryKey: ['products', page, keyword],
    queryFn: () => call(adminProducts, { page, size: 20, keyword }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['products'] });

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
            <Button type="primary" data-testid="product-new" onClick={() => setEditing(null)}>
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
            title: t('common.actions'),
            key: 'edit',
            render: (_, p) => (
              <Button type="link" onClick={() => setEditing(p.id)} data-testid={`product-edit-${p.id}`}>
                {t('common.edit')}
              </Button>
            ),
          },
          {
            title: t('catalogue.published'),
            dataIndex: 'published',
            render: (v: boolean, p) => (
              <Switch
                checked={v}
                aria-label={t('common.switchOf', { what: t('catalogue.published'), name: p.name[language] })}
                data-testid={`publish-${p.id}`}
                onChange={(published) => publish.mutate({ productId: p.id, published })}
              />
            ),
          },
        ]}
      />
      <ProductEditor productId={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
