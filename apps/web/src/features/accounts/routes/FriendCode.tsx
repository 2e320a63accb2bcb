import { friendCodeDesc, friendCodeDo, friendCodeQuery, friendCodeVerifyImage } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { session, useSession } from '../../../shared/session/store.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { ApiError, call } from '../api/accounts.ts';
import { SlidePuzzle, TextField } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';

/** /friendCode: redeem a Friend code for a membership level. */
export function Component() {
  const { t, i18n } = useTranslation('accounts');
  useRequireLogin();
  const { token } = useSession();
  const client = useQueryClient();
  const desc = useQuery({ queryKey: ['fcode-desc', i18n.language], queryFn: () => call(friendCodeDesc, {}) });
  const status = useQuery({
    queryKey: ['fcode', token, i18n.language],
    queryFn: () => call(friendCodeQuery, {}, { silent: true }),
    enabled: Boolean(token),
  });
  const [code, setCode] = useState('');
  const [puzzle, setPuzzle] = useState(false);

  const form = useFieldErrors<'code'>();
  const redeem = async (imageToken?: string) => {
    if (!form.check({ code: !code.trim() && t('error.friendCode') })) return;
    try {
      const r = await call(friendCodeDo, { code, imageToken }, { quiet: true });
      session.update({ userLevel: r.userLevel });
      showToast(t('friendCodeDone', { level: r.levelName }));
      setCode('');
      await client.invalidateQueries({ queryKey: ['fcode'] });
      await client.invalidateQueries({ queryKey: ['user-info'] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'USR00016') setPuzzle(true);
      // The code refused (unknown, used, expired): said on its field.
      else form.refuseFromServer(error, { USR00050: 'code', USR00051: 'code', USR00052: 'code', USR00053: 'code' });
    }
  };

  return (
    <>
      <PageHeader title={t('friendCode')} />
      <main className="acc-page">
        {status.data && (
          <div className="card acc-level-card">
            <span>{t('yourLevel')}</span>
            <strong data-testid="fcode-level">{status.data.levelName}</strong>
          </div>
        )}
        <div className="acc-form card">
          <TextField
            value={code}
            onChange={(v) => setCode(v.toUpperCase())}
            placeholder={t('friendCodePlaceholder')}
            label={t('friendCode')}
            field={form.field('code')}
            testId="fcode-input"
            maxLength={32}
          />
        </div>
        <Button
          block
          color="primary"
          size="large"
          className="acc-submit"
          onClick={() => void redeem()}
          data-testid="fcode-submit"
        >
          {t('redeem')}
        </Button>
        {desc.data && <p className="acc-hint">{desc.data.text}</p>}
        {status.data?.redeemed.length ? (
          <List className="card" header={t('redeemed')}>
            {status.data.redeemed.map((r) => (
              <List.Item
                key={r.code}
                description={t('validUntil', { date: formatDate(r.expiresAt, currentLanguage()) })}
                extra={t(`level.${Math.min(r.level, 3)}`)}
              >
                {r.code}
              </List.Item>
            ))}
          </List>
        ) : null}
        {puzzle && (
          <SlidePuzzle
            load={() => call(friendCodeVerifyImage, {})}
            onClose={() => setPuzzle(false)}
            onPass={(pass) => {
              setPuzzle(false);
              void redeem(pass);
            }}
          />
        )}
      </main>
    </>
  );
}
