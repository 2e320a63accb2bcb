import { adminProducts } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import type { UploadFile } from 'antd';
import { Checkbox, Col, Form, Input, Row, Select, Upload } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useState } from 'react';
import { call, tokenStore } from './api.ts';
import { getLanguage, useI18n, useT } from './i18n.tsx';

const LANGS = [
  ['en-US', 'English'],
  ['chs', '中文'],
  ['kh', 'ខ្មែរ'],
] as const;

/**
 * One text in the shop's three languages: three inputs side by side, each required, each named by
 * the label and its language (the label above names none of them).
 */
export function LocalizedFields({
  name,
  label,
  textarea,
  testId,
}: {
  name: (string | number)[] | string;
  label: string;
  textarea?: boolean;
  testId: string;
}) {
  const t = useT();
  const path = Array.isArray(name) ? name : [name];
  return (
    <Form.Item label={label} required style={{ marginBottom: 0 }}>
      <Row gutter={8}>
        {LANGS.map(([lang, title]) => (
          <Col span={8} key={lang}>
            <Form.Item
              name={[...path, lang]}
              rules={[{ required: true, whitespace: true, message: t('common.required') }]}
            >
              {textarea ? (
                <Input.TextArea
                  rows={2}
                  placeholder={title}
                  aria-label={`${label} · ${t(`language.${lang}`)}`}
                  data-testid={`${testId}-${lang}`}
                />
              ) : (
                <Input
                  placeholder={title}
                  aria-label={`${label} · ${t(`language.${lang}`)}`}
                  data-testid={`${testId}-${lang}`}
                />
              )}
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form.Item>
  );
}

/**
 * Uploads pictures to the catalogue (checked and re-encoded by the server); gives their ids.
 * `existing` shows the pictures an edited item already has (remount with a new key to reset).
 */
export function PictureUpload({
  value,
  onChange,
  max = 6,
  testId,
  existing = [],
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  max?: number;
  testId: string;
  existing?: { id: number; url: string }[];
}) {
  const t = useT();
  const [files, setFiles] = useState<UploadFile[]>(() =>
    existing.map((p) => ({
      uid: `existing-${p.id}`,
      name: `#${p.id}`,
      status: 'done' as const,
      url: p.url,
      thumbUrl: `${p.url}?w=200`,
      response: { code: '0', msg: '', data: p },
    })),
  );
  return (
    <Upload
      data-testid={testId}
      listType="picture-card"
      accept="image/*"
      maxCount={max}
      action="/admin-api/v1/catalogue/images/upload"
      headers={{ authorization: `Bearer ${tokenStore.get()}`, language: getLanguage() }}
      fileList={files}
      onChange={({ fileList }) => {
        const next = fileList.map((f) => {
          const res = f.response as { code: string; msg: string; data?: { id: number; url: string } } | undefined;
          if (res && res.code !== '0') return { ...f, status: 'error' as const, response: res.msg };
          if (res?.data) return { ...f, url: res.data.url, thumbUrl: `${res.data.url}?w=200` };
          return f;
        });
        setFiles(next);
        const ids = next
          .map((f) => (f.response as { code?: string; data?: { id: number } } | undefined)?.data?.id)
          .filter((id): id is number => typeof id === 'number');
        if (JSON.stringify(ids) !== JSON.stringify(value ?? [])) onChange?.(ids);
      }}
    >
      {files.length < max ? `+ ${t('catalogue.upload')}` : null}
    </Upload>
  );
}

/** "12.90" → 1290; empty → undefined. Money in the console is typed in dollars, kept in cents. */
export function toCents(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return Math.round(Number(value) * 100);
}

/**
 * Picks products by searching their names (the console's product list); gives their ids in order.
 * `id` (from its Form.Item) ties it to its label.
 */
export function ProductPicker({
  value,
  onChange,
  testId,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  testId: string;
  id?: string;
}) {
  const { language } = useI18n();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['products', 'picker', keyword],
    queryFn: () => call(adminProducts, { page: 1, size: 20, keyword }),
  });
  const options = (found.data?.list ?? []).map((p) => ({ value: p.id, label: `#${p.id} ${p.name[language]}` }));
  // Chosen products not on the current search page still show their number.
  for (const id of value ?? []) if (!options.some((o) => o.value === id)) options.push({ value: id, label: `#${id}` });
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      options={options}
      loading={found.isFetching}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}

/**
 * A required choice of several (a Form.Item's Checkbox.Group): a named group of checkboxes. antd
 * marks a required field's control aria-required, which no group of checkboxes may carry (axe's
 * aria-allowed-attr); the label says it is required.
 */
export function ChoiceGroup<T extends string | number>({
  'aria-required': _required,
  ...props
}: CheckboxGroupProps<T> & { 'aria-required'?: unknown; 'aria-labelledby'?: string }) {
  return <Checkbox.Group<T> role="group" {...props} />;
}
