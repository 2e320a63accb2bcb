import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemConfig } from '../../../shared/system/config.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../legal.css';

type Section = { heading: string; body: string[] };

/** One legal text of the shop (spec §2: user agreement, privacy terms), from the `legal` catalogue. */
export function LegalDocument({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t } = useTranslation('legal');
  const app = useSystemConfig()?.appName ?? '';
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  return (
    <>
      <PageHeader title={t(`${doc}.title`)} />
      <article className="legal card" data-testid={`legal-${doc}`}>
        <p className="legal__updated">{t('updated')}</p>
        <p>{t(`${doc}.intro`, { app })}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <p className="legal__contact">
          <Link to="/ContactUs">{t('contact')} ›</Link>
        </p>
      </article>
    </>
  );
}
