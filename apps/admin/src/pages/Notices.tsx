import { adminNoticeSend } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { call } from '../api.ts';
import { LocalizedFields } from '../components.tsx';
import { type Language, useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type NoticeForm = { phone?: string; title: Record<Language, string>; body: Record<Language, string>; link?: string };

export function Component() {
  const t = useT();
  const { message, modal } = App.useApp();
  const showError = useShowError();
  const [form] = Form.useForm<NoticeForm>();
  const send = useMutation({
    mutationFn: (v: NoticeForm) =>
      call(adminNoticeSend, { phone: v.phone || null, title: v.title, body: v.body, link: v.link || null }),
    onSuccess: (r) => {
      message.success(t('notices.sent', { to: r.to }));
      form.resetFields();
    },
    onError: showError,
  });
  function submit(v: NoticeForm) {
    if (v.phone?.trim()) send.mutate(v);
    else
      modal.confirm({
        title: t('notices.everyoneConfirm'),
        okText: t('common.yes'),
        cancelText: t('common.no'),
        onOk: () => send.mutate(v),
      });
  }
  return (
    <>
      <PageTitle>{t('notices.title')}</PageTitle>
      <Card style={{ maxWidth: 900 }}>
        <Form<NoticeForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="phone" label={t('common.phone')} extra={t('notices.phoneHint')}>
            <Input style={{ maxWidth: 300 }} data-testid="notice-phone" />
          </Form.Item>
          <LocalizedFields name="title" label={t('notices.noticeTitle')} testId="notice-title" />
          <LocalizedFields name="body" label={t('notices.body')} textarea testId="notice-body" />
          <Form.Item name="link" label={t('notices.link')} extra={t('notices.linkHint')}>
            <Input style={{ maxWidth: 300 }} placeholder="/myWallet" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="notice-send">
            {t('notices.send')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
