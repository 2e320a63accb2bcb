import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useContentDocument } from './content.ts';
import './content.css';

/**
 * A content document shown by key (`bongloy.faq`, `kmf.aboutUs`; docs/content.md), as staff wrote
 * it in the console. The HTML comes sanitised from the server. `page` adds the title bar with the
 * document's title; without it the document sits inside another screen. A key with no document
 * says the page is not available and offers the way home.
 */
export function ContentDocument({
  docKey,
  page = false,
  lead,
  children,
}: {
  docKey: string;
  page?: boolean;
  /** Shown above the document once it is there (a note of the screen's own). */
  lead?: ReactNode;
  /** Shown below the document once it is there (the screen's actions). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const doc = useContentDocument(docKey);
  const header = page ? <PageHeader title={doc.data?.title ?? ''} /> : null;
  if (doc.isPending)
    return (
      <>
        {header}
        <div className="content-doc content-doc--loading" aria-busy>
          <DotLoading />
        </div>
      </>
    );
  if (doc.isError)
    return (
      <>
        {header}
        <div className="content-doc content-doc--missing card" data-testid="content-missing">
          <p>{doc.error.message || t('content.missing')}</p>
          <Link to="/" replace>
            {t('error.home')} ›
          </Link>
        </div>
      </>
    );
  return (
    <>
      {header}
      {lead}
      <article className="content-doc card" data-testid={`content-${docKey}`}>
        {!page && <h2 className="content-doc__title">{doc.data.title}</h2>}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised by the server (content/render.ts) */}
        <div className="content-doc__body" dangerouslySetInnerHTML={{ __html: doc.data.html }} />
      </article>
      {children}
    </>
  );
}
