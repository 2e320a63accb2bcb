import { adminValuationSetSlotSettings, adminValuationSlotSettings, type ValuationSlotSettings } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { call } from '../api.ts';
import { ChoiceGroup } from '../components.tsx';
import { useT } from '../i18n.tsx';
import { useShowError } from '../ui.tsx';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The valuation's visit hours: the store hours of the system config, a slot's length and the
 * visits one slot takes. Bookings made after a change use it; visits already booked keep their time.
 */
export function VisitHours() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ValuationSlotSettings>();
  const current = useQuery({
    queryKey: ['valuation-hours'],
    queryFn: () => call(adminValuationSlotSettings),
  });
  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);
  const save = useMutation({
    mutationFn: (v: ValuationSlotSettings) => call(adminValuationSetSlotSettings, v),
    onSuccess: (data) => {
      queryClient.setQueryData(['valuation-hours'], data);
      message.success(t('common.saved'));
    },
    onError: showError,
  });
  const required = [{ required: true, message: t('common.required') }];
  return (
    <Space direction="vertical" style={{ maxWidth: 560, width: '100%' }}>
      <Alert type="info" showIcon message={t('valuation.hoursNote')} />
      <Form<ValuationSlotSettings>
        form={form}
        layout="vertical"
        disabled={current.isPending}
        onFinish={(v) => save.mutate({ ...v, days: [...v.days].sort((a, b) => a - b) })}
      >
        <Form.Item name="days" label={t('valuation.hoursDays')} rules={required}>
          <ChoiceGroup
            data-testid="eva-hours-days"
            options={WEEKDAYS.map((d) => ({ value: d, label: t(`valuation.weekday.${d}`) }))}
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="open" label={t('valuation.hoursOpen')} rules={required}>
            <Input type="time" data-testid="eva-hours-open" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="close" label={t('valuation.hoursClose')} rules={required}>
            <Input type="time" data-testid="eva-hours-close" style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="slotMinutes" label={t('valuation.slotMinutes')} rules={required}>
            <InputNumber data-testid="eva-hours-minutes" min={15} max={240} step={15} precision={0} />
          </Form.Item>
          <Form.Item name="slotCapacity" label={t('valuation.slotCapacity')} rules={required}>
            <InputNumber data-testid="eva-hours-capacity" min={1} max={100} precision={0} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="eva-hours-save">
          {t('common.save')}
        </Button>
      </Form>
    </Space>
  );
}
