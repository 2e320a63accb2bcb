import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSystemConfig } from '../../../shared/system/config.ts';

/** / and /home: the shop's front page. */
export function Component() {
  const { t } = useTranslation('home');
  const config = useSystemConfig();
  const navigate = useNavigate();
  return (
    <main className="home">
      <header className="home__hero">
        <h1 data-testid="app-name">{config?.appName ?? '\u00a0'}</h1>
        <p>{t('tagline')}</p>
        <Link to="/setLanguage" className="home__language" data-testid="home-language">
          {t('languageShort')}
        </Link>
      </header>
      <section className="home__promises">
        <div className="home__promise">
          <strong>{t('domestic')}</strong>
          <span>
            {t('domesticDays', {
              min: config?.domesticDeliveryDays.min ?? 1,
              max: config?.domesticDeliveryDays.max ?? 2,
            })}
          </span>
        </div>
        <div className="home__promise">
          <strong>{t('overseas')}</strong>
          <span>
            {t('overseasDays', {
              min: config?.overseasDeliveryDays.min ?? 7,
              max: config?.overseasDeliveryDays.max ?? 12,
            })}
          </span>
        </div>
      </section>
      <List className="card">
        <List.Item onClick={() => navigate('/ContactUs')} data-testid="home-contact">
          {t('contact')}
        </List.Item>
        <List.Item onClick={() => navigate('/setLanguage')}>{t('language')}</List.Item>
      </List>
    </main>
  );
}
