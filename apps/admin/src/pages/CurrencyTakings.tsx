import { adminCurrencyTakings, formatRiel, type TakingsLine } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import { call } from '../api.ts';
import { CSV_CURRENCY, downloadText, toCsv } from '../csv.ts';
import { money } from '../format.ts';
import { useT } from '../i18n.tsx';
import { ScrollTable } from '../ui.tsx';

const DAYS = 14;

/** Riel with its hundredths ("41.00"), for the rounding column: a number, never text. */
const rielFromCentiriel = (centiriel: number) => Number((centiriel / 100).toFixed(2));

/**
 * The takings per Phnom Penh day and currency (issue 47): what was booked in USD cents for each,
 * the riel collected by KHQR in riel, and the rounding to the 100-riel note summed per day. The CSV
 * has both amounts as number columns, each header naming its currency.
 */
export function CurrencyTakings() {
  const t = useT();
  const takings = useQuery({
    queryKey: ['currency-takings'],
    queryFn: () => call(adminCurrencyTakings, { days: DAYS }),
  });
  const lines = takings.data?.lines ?? [];
  const exportCsv = () =>
    downloadText(
      `takings-${lines[0]?.day ?? 'none'}.csv`,
      toCsv(
        [
          t('takings.col.day'),
          t('takings.col.currency'),
          t('takings.col.payments'),
          `${t('takings.col.booked')} (${CSV_CURRENCY})`,
          `${t('takings.col.riel')} (KHR)`,
          `${t('takings.col.rounding')} (KHR)`,
        ],
        lines.map((l) => [
          l.day,
          l.currency,
          l.payments,
          { cents: l.amountCents },
          l.amountRiel,
          l.roundingCentiriel === null ? null : rielFromCentiriel(l.roundingCentiriel),
        ]),
      ),
    );
  return (
    <Card
      title={t('takings.title', { days: DAYS })}
      style={{ marginTop: 16 }}
      extra={
        <Button onClick={exportCsv} disabled={lines.length === 0} data-testid="takings-csv">
          {t('list.csv')}
        </Button>
      }
    >
      {takings.data && lines.length === 0 && <p data-testid="takings-none">{t('takings.none')}</p>}
      {lines.length > 0 && (
        <ScrollTable<TakingsLine>
          label={t('takings.title', { days: DAYS })}
          data-testid="takings-table"
          rowKey={(l) => `${l.day}-${l.currency}`}
          size="small"
          pagination={false}
          dataSource={lines}
          scroll={{ x: 640 }}
          columns={[
            { key: 'day', title: t('takings.col.day'), render: (_, l) => l.day },
            {
              key: 'currency',
              title: t('takings.col.currency'),
              render: (_, l) => <Tag color={l.currency === 'KHR' ? 'gold' : 'blue'}>{l.currency}</Tag>,
            },
            { key: 'payments', title: t('takings.col.payments'), render: (_, l) => l.payments },
            { key: 'booked', title: t('takings.col.booked'), render: (_, l) => money(l.amountCents) },
            {
              key: 'riel',
              title: t('takings.col.riel'),
              render: (_, l) => (l.amountRiel === null ? '—' : formatRiel(l.amountRiel)),
            },
            {
              key: 'rounding',
              title: t('takings.col.rounding'),
              render: (_, l) =>
                l.roundingCentiriel === null
                  ? '—'
                  : `${l.roundingCentiriel > 0 ? '+' : ''}${rielFromCentiriel(l.roundingCentiriel).toFixed(2)} ៛`,
            },
          ]}
        />
      )}
    </Card>
  );
}
