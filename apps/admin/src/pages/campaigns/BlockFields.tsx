import { Form, InputNumber, Select } from 'antd';
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
    default:
      return null;
  }
}
