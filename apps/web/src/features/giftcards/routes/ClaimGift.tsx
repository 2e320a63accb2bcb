import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useClaimGift } from '../api/giftcards.ts';
import { GiftDesignFace } from '../components/GiftDesignFace.tsx';
import '../giftcards.css';

/**
 * /giftClaim?t=…: the link a gift card's recipient was sent. Signed in, it claims the card into the
 * gift balance (once: a second open says it was claimed). Not signed in, it offers sign-in or
 * sign-up with this page as the way back (`/login?redirect=`), so the link survives them.
 */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { token: session } = useSession();
  const claim = useClaimGift();
  const asked = useRef(false);
  useEffect(() => {
    if (!session || !token || asked.current) return;
    asked.current = true;
    claim.mutate(token);
  }, [session, token, claim]);
  const back = `/giftClaim?t=${encodeURIComponent(token)}`;

  return (
    <>
      <PageHeader title={t('claim.title')} />
      <main className="giftcards">
        {!token && <ErrorBlock status="default" title={t('claim.failed')} description="" />}
        {token && !session && (
          <section className="giftcards__success card">
            <h2>{t('claim.someone')}</h2>
            <p>{t('claim.signInFirst')}</p>
            <div className="giftcards__actions">
              <Button
                color="primary"
                block
                onClick={() => navigate(`/login?redirect=${encodeURIComponent(back)}`)}
                data-testid="gift-claim-login"
              >
                {t('claim.signIn')}
              </Button>
            </div>
          </section>
        )}
        {session && claim.isPending && (
          <div className="giftcards__success" role="status">
            <SpinLoading />
            <p>{t('claim.claiming')}</p>
          </div>
        )}
        {claim.data && (
          <>
            <GiftDesignFace
              design={claim.data.design}
              amountCents={claim.data.amountCents}
              message={claim.data.message}
            />
            <section className="giftcards__success card" data-testid="gift-claimed">
              <div className="giftcards__success-icon" aria-hidden="true">
                ✓
              </div>
              <h2>{t('claim.done')}</h2>
              <strong>{formatCents(claim.data.amountCents)}</strong>
              <p data-testid="gift-claim-balance">
                {t('balanceNow', { amount: formatCents(claim.data.giftBalanceCents) })}
              </p>
              <div className="giftcards__actions">
                <Button color="primary" block onClick={() => navigate('/')}>
                  {t('goShopping')}
                </Button>
                <Button block onClick={() => navigate('/giftCard')}>
                  {t('myGiftCards')}
                </Button>
              </div>
            </section>
          </>
        )}
        {claim.error && (
          <ErrorBlock
            status="default"
            title={claim.error instanceof ApiError ? claim.error.message : t('claim.failed')}
            description=""
            data-testid="gift-claim-refused"
          />
        )}
      </main>
    </>
  );
}
