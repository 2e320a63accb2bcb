import { thirdCheck } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { call, useThirdList } from '../api/accounts.ts';

const MARK: Record<string, string> = { facebook: 'f', google: 'G', wechat: '微' };

/** Buttons of the third-party logins the server offers (spec §2: Facebook, Google, WeChat). */
export function ThirdButtons() {
  const { t } = useTranslation('accounts');
  const { data } = useThirdList();
  if (!data?.length) return null;
  const start = async (provider: 'facebook' | 'google' | 'wechat') => {
    const { url } = await call(thirdCheck, { provider, mode: 'login' });
    window.location.assign(url);
  };
  return (
    <section className="acc-third">
      <div className="acc-third__title">{t('orLoginWith')}</div>
      <div className="acc-third__row">
        {data.map((p) => (
          <button
            key={p.provider}
            type="button"
            className={`acc-third__button acc-third__button--${p.provider}`}
            onClick={() => void start(p.provider)}
            data-testid={`third-${p.provider}`}
          >
            <span aria-hidden="true">{MARK[p.provider]}</span>
            <small>{t(`provider.${p.provider}`)}</small>
          </button>
        ))}
      </div>
    </section>
  );
}
