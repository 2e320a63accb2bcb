import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useMatches, useRouteError } from 'react-router';
import { isMissing } from '../shared/api/missing.ts';
import { session } from '../shared/storage.ts';
import { isChunkLoadError } from './chunkError.ts';

const RELOAD_KEY = 'shop.chunkReloadAt';

/** Spec §8: a failed chunk load reloads the page, once per minute at most so it cannot loop. */
function reloadForChunk(): boolean {
  const last = Number(session.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return false;
  session.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function ErrorView({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  const notFound = status === 404;
  return (
    <main className="error-page" data-testid="error-page">
      <div className="error-page__status">{status}</div>
      <h1 className="error-page__message">{notFound ? t('error.notFound') : (message ?? t('error.title'))}</h1>
      {notFound && (
        <Link className="error-page__home" to="/">
          {t('error.home')}
        </Link>
      )}
    </main>
  );
}

/** What a route is about, named by its `handle.missing` in the route table, and the way on from it. */
export const MISSING_WAY_ON = {
  product: '/',
  category: '/categories',
  shop: '/categories',
  list: '/categories',
  order: '/orderList',
  address: '/address',
  giftCard: '/giftCard',
  valuation: '/chooseModel',
  page: '/',
} as const;
export type MissingKind = keyof typeof MISSING_WAY_ON;

/** The route's subject does not exist or its link is malformed: say which, and offer a way on. */
export function MissingView({ kind }: { kind: MissingKind }) {
  const { t } = useTranslation();
  return (
    <main className="error-page" data-testid="missing-page" data-kind={kind}>
      <div className="error-page__status" aria-hidden>
        ?
      </div>
      <h1 className="error-page__message">{t(`missing.${kind}.title`)}</h1>
      <p className="error-page__text">{t(`missing.${kind}.text`)}</p>
      <Link className="error-page__home" to={MISSING_WAY_ON[kind]} replace data-testid="missing-way-on">
        {t(`missing.${kind}.action`)}
      </Link>
    </main>
  );
}

function useMissingKind(): MissingKind {
  const handle = useMatches()
    .map((m) => (m.handle as { missing?: MissingKind } | undefined)?.missing)
    .filter(Boolean)
    .pop();
  return handle && handle in MISSING_WAY_ON ? handle : 'page';
}

/** The route error element: a missing subject (see above), else a status (default 500) and a message; 404 with a link home. */
export function ErrorPage() {
  const error = useRouteError();
  const kind = useMissingKind();
  if (isChunkLoadError(error) && reloadForChunk()) return null;
  if (isMissing(error)) return <MissingView kind={kind} />;
  if (isRouteErrorResponse(error)) {
    return <ErrorView status={error.status} message={typeof error.data === 'string' ? error.data : error.statusText} />;
  }
  const status = (error as { status?: number })?.status ?? 500;
  return <ErrorView status={status} message={error instanceof Error ? error.message : undefined} />;
}

/** The catch-all route: unknown paths are a 404 (spec §2 "This page could not be found"). */
export function NotFound() {
  return <ErrorView status={404} />;
}
