import { Button, Form, InputNumber, Select, Space } from 'antd';
import { LocalizedFields, PictureUpload } from '../../components.tsx';
import { money } from '../../format.ts';
import { useI18n } from '../../i18n.tsx';

type Choice = { id: number; name: string };
export type Batch = { id: number; title: Record<string, string>; minSpendCents: number; discountCents: number };

/** The fields of one block of the form's `blocks` list, by its type. */
export function BlockFields({
  index,
  type,
  tags,
  activities,
  batches,
}: {
  index: number;
  type: string;
  tags: Choice[];
  activities: Choice[];
  batches: Batch[];
}) {
  const { t, language } = useI18n();
  const name = (field: string) => [index, field];
  const batchOptions = batches.map((b) => ({
    value: b.id,
    label: `#${b.id} ${b.title[language]} — ${t('coupons.ruleText', { min: money(b.minSpendCents), off: money(b.discountCents) })}`,
  }));
  switch (type) {
    case 'hero':
      return (
        <>
          <Form.Item name={name('imageIds')} label={t('catalogue.picture')}>
            <PictureUpload max={1} testId={`block-${index}-picture`} />
          </Form.Item>
          <LocalizedFields name={name('caption')} label={t('campaigns.caption')} testId={`block-${index}-caption`} />
        </>
      );
    case 'products':
      return (
        <>
          <Form.Item name={name('source')} label={t('campaigns.source')} rules={[{ required: true }]}>
            <Select
              style={{ maxWidth: 240 }}
              options={['tag', 'activity'].map((s) => ({ value: s, label: t(`campaigns.source.${s}`) }))}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {(form) => (
              <Form.Item name={name('sourceId')} label={t('campaigns.sourceId')} rules={[{ required: true }]}>
                <Select
                  style={{ maxWidth: 320 }}
                  data-testid={`block-${index}-source`}
                  options={(form.getFieldValue(['blocks', index, 'source']) === 'activity' ? activities : tags).map(
                    (c) => ({ value: c.id, label: c.name }),
                  )}
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name={name('limit')} label={t('campaigns.limit')} initialValue={6}>
            <InputNumber min={2} max={20} />
          </Form.Item>
          <LocalizedFields name={name('heading')} label={t('campaigns.heading')} testId={`block-${index}-heading`} />
        </>
      );
    case 'coupons':
      return (
        <>
          <Form.Item name={name('batchIds')} label={t('campaign.coupons')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              data-testid={`block-${index}-batches`}
              options={batches.map((b) => ({
                value: b.id,
                label: `#${b.id} ${b.title[language]} — ${t('coupons.ruleText', { min: money(b.minSpendCents), off: money(b.discountCents) })}`,
              }))}
            />
          </Form.Item>
          <LocalizedFields name={name('heading')} label={t('campaigns.heading')} testId={`block-${index}-heading`} />
        </>
      );
    case 'rules':
      return (
        <>
          <LocalizedFields name={name('heading')} label={t('campaigns.heading')} testId={`block-${index}-heading`} />
          <LocalizedFields
            name={name('text')}
            label={t('campaigns.rulesText')}
            textarea
            testId={`block-${index}-text`}
          />
        </>
      );
    case 'luckyDraw':
      return (
        <>
          <LocalizedFields name={name('heading')} label={t('campaigns.heading')} testId={`block-${index}-heading`} />
          <Space wrap>
            <Form.Item name={name('drawsPerShopper')} label={t('campaigns.drawsPerShopper')} initialValue={1}>
              <InputNumber min={1} max={10} data-testid={`block-${index}-draws`} />
            </Form.Item>
            <Form.Item
              name={name('missWeight')}
              label={t('campaigns.missWeight')}
              initialValue={0}
              tooltip={t('campaigns.weightHint')}
            >
              <InputNumber min={0} max={1_000_000} data-testid={`block-${index}-miss`} />
            </Form.Item>
          </Space>
          <Form.List name={[index, 'prizes']} initialValue={[{ stock: 10, weight: 1 }]}>
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap data-testid={`block-${index}-prize-${field.name}`}>
                    <Form.Item name={[field.name, 'batchId']} label={t('campaigns.prize')} rules={[{ required: true }]}>
                      <Select
                        style={{ width: 320 }}
                        options={batchOptions}
                        data-testid={`block-${index}-prize-${field.name}-batch`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'stock']} label={t('campaigns.stock')} rules={[{ required: true }]}>
                      <InputNumber min={1} max={1_000_000} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'weight']} label={t('campaigns.weight')} rules={[{ required: true }]}>
                      <InputNumber min={1} max={1_000_000} />
                    </Form.Item>
                    {fields.length > 1 && <Button onClick={() => remove(field.name)}>{t('common.remove')}</Button>}
                  </Space>
                ))}
                {fields.length < 8 && (
                  <Button onClick={() => add({ stock: 10, weight: 1 })} data-testid={`block-${index}-add-prize`}>
                    {t('campaigns.addPrize')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </>
      );
    case 'spendAndGet':
      return (
        <>
          <LocalizedFields name={name('heading')} label={t('campaigns.heading')} testId={`block-${index}-heading`} />
          <Form.Item
            name={name('thresholdCents')}
            label={t('campaigns.threshold')}
            rules={[{ required: true }]}
            getValueProps={(v?: number) => ({ value: v === undefined ? v : v / 100 })}
            normalize={(v?: number | null) => (v == null ? v : Math.round(v * 100))}
          >
            <InputNumber min={1} max={1_000_000} prefix="$" data-testid={`block-${index}-threshold`} />
          </Form.Item>
          <Form.Item name={name('batchId')} label={t('campaigns.reward')} rules={[{ required: true }]}>
            <Select style={{ maxWidth: 480 }} options={batchOptions} data-testid={`block-${index}-reward`} />
          </Form.Item>
        </>
      );
    default:
      return null;
  }
}
