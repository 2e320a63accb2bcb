import type { UploadFile } from 'antd';
import { Col, Form, Input, Row, Upload } from 'antd';
import { useState } from 'react';
import { tokenStore } from './api.ts';
import { getLanguage, useT } from './i18n.tsx';

const LANGS = [
  ['en-US', 'English'],
  ['chs', '中文'],
  ['kh', 'ខ្មែរ'],
] as const;

/** One text in the shop's three languages: three inputs side by side, each required. */
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
                <Input.TextArea rows={2} placeholder={title} data-testid={`${testId}-${lang}`} />
              ) : (
                <Input placeholder={title} data-testid={`${testId}-${lang}`} />
              )}
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form.Item>
  );
}

/** Uploads pictures to the catalogue (checked and re-encoded by the server); gives their ids. */
export function PictureUpload({
  value,
  onChange,
  max = 6,
  testId,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  max?: number;
  testId: string;
}) {
  const t = useT();
  const [files, setFiles] = useState<UploadFile[]>([]);
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
