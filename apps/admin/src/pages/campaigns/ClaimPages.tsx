import {
  adminCampaignPageSave,
  adminCampaignPages,
  adminCouponBatches,
  CAMPAIGN_PAGES,
  type CampaignName,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api.ts';
import { LocalizedFields, PictureUpload } from '../../components.tsx';
import { money, time } from '../../format.ts';
import { type Language, useI18n } from '../../i18n.tsx';
import { PageTitle, useShowError } from '../../ui.tsx';

type PageForm = {
  title: Record<Language, string>;
  body: Record<Language, string>;
  imageIds?: number[];
  batchIds?: number[];
};

const CAMPAIGNS = Object.keys(CAMPAIGN_PAGES) as CampaignName[];
const pictureId = (url: string) => Number(url.split('/').pop());

/** Campaign pages (finance): what a claim page such as /newyearCoupon says, and the coupons it gives. */
export function ClaimPages() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [campaign, setCampaign] = useState<CampaignName>(CAMPAIGNS[0]);
  const [form] = Form.useForm<PageForm>();
  const pages = useQuery({ queryKey: ['campaigns'], queryFn: () => call(adminCampaignPages) });
  const batches = useQuery({ queryKey: ['coupons'], queryFn: () => call(adminCouponBatches) });
  const current = pages.data?.find((p) => p.campaign === campaign);
  // The batches a page gives are the batches that name its campaign (also before a page is written).
  const given = batches.data?.filter((b) => b.campaign === campaign).map((b) => b.id);
  const givenKey = given?.join(',');
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      ...(current
        ? {
            title: current.title,
            body: current.body,
            imageIds: current.imageUrl ? [pictureId(current.imageUrl)] : [],
          }
        : {}),
      batchIds: givenKey ? givenKey.split(',').map(Number) : [],
    });
  }, [current, givenKey, form]);
  const save = useMutation({
    mutationFn: (v: PageForm) =>
      call(adminCampaignPageSave, {
        campaign,
        title: v.title,
        body: v.body,
        imageUrl: v.imageIds?.[0] ? `/v1/catalogue/image/${v.imageIds[0]}` : null,
        batchIds: v.batchIds ?? [],
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      void queryClient.invalidateQueries({ queryKey: ['coupons'] });
    },
    onError: showError,
  });
  return (
    <>
      <PageTitle
        extra={
          <Select
            value={campaign}
            onChange={setCampaign}
            aria-label={t('campaign.title')}
            style={{ width: 220 }}
            options={CAMPAIGNS.map((c) => ({ value: c, label: `${t(`campaign.${c}`)} (${CAMPAIGN_PAGES[c]})` }))}
          />
        }
      >
        {t('campaign.title')}
      </PageTitle>
      <Alert
        type="info"
        style={{ marginBottom: 12 }}
        message={
          current
            ? t('campaign.lastSaved', { at: time(current.updatedAt), path: `/h5${CAMPAIGN_PAGES[campaign]}` })
            : t('campaign.notWritten', { path: `/h5${CAMPAIGN_PAGES[campaign]}` })
        }
      />
      {pages.isPending ? (
        <Spin />
      ) : (
        <Card>
          <Form<PageForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} key={campaign}>
            <LocalizedFields name="title" label={t('campaign.pageTitle')} testId="campaign-title" />
            <LocalizedFields name="body" label={t('campaign.text')} textarea testId="campaign-text" />
            <Form.Item name="imageIds" label={t('catalogue.picture')}>
              <PictureUpload
                max={1}
                testId="campaign-picture"
                key={current?.updatedAt ?? 'new'}
                existing={current?.imageUrl ? [{ id: pictureId(current.imageUrl), url: current.imageUrl }] : []}
              />
            </Form.Item>
            <Form.Item name="batchIds" label={t('campaign.coupons')} extra={t('campaign.couponsHint')}>
              <Select
                mode="multiple"
                data-testid="campaign-coupons"
                options={(batches.data ?? []).map((b) => ({
                  value: b.id,
                  label: `#${b.id} ${b.title[language]} — ${t('coupons.ruleText', { min: money(b.minSpendCents), off: money(b.discountCents) })}${b.active ? '' : ` (${t('campaign.stopped')})`}`,
                }))}
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="campaign-save">
                {t('common.save')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
    </>
  );
}
