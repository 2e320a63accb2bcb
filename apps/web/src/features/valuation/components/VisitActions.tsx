import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../shared/ui/feedback.ts';
import { useCancelAppointment } from '../api/valuation.ts';

/**
 * What a booked visit offers wherever it is shown (its estimate, my appointments): move it, or
 * cancel it after a question. `testIdPrefix` keeps each screen's test ids (`<prefix>-cancel`).
 */
export function VisitActions({ visitId, testIdPrefix }: { visitId: string; testIdPrefix: string }) {
  const { t } = useTranslation('valuation');
  const navigate = useNavigate();
  const cancel = useCancelAppointment();
  const askCancel = async () => {
    if (await confirmDialog({ title: '', content: t('cancelConfirm'), confirmText: t('yes'), cancelText: t('no') }))
      cancel.mutate(visitId);
  };
  return (
    <div className="eva-appointment__actions">
      <Button
        size="small"
        onClick={() => navigate(`/valuation/book?id=${visitId}`)}
        data-testid={`${testIdPrefix}-reschedule`}
      >
        {t('reschedule')}
      </Button>
      <Button
        size="small"
        color="danger"
        fill="outline"
        loading={cancel.isPending}
        onClick={askCancel}
        data-testid={`${testIdPrefix}-cancel`}
      >
        {t('cancel')}
      </Button>
    </div>
  );
}
