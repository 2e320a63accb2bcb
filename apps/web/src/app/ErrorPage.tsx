import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
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

/** The route error element: a status (default 500) and a message; 404 with a link home. */
export function ErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunk()) return null;
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
