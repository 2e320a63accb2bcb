import { pageSession } from '@shop/contracts';
import { api } from '../api/index.ts';
import { local } from '../storage.ts';
import { session } from './store.ts';

const MARK_KEY = 'shop.pageSession';

/**
 * Asks the server to keep the signed-in session for the shop's pages (an HttpOnly cookie sent only
 * with /h5 pages, decision 0026), so the next page of a signed-in screen comes drawn with the
 * shopper's data. Asked when a session starts and once a day after (the cookie lasts as long as
 * the session, which the server extends while it is used). Logout forgets it on the server.
 */
export function keepPageSession() {
  const sync = () => {
    const { token } = session.get();
    if (!token) return;
    const mark = `${token.slice(0, 8)} ${new Date().toDateString()}`;
    if (local.getItem(MARK_KEY) === mark) return;
    local.setItem(MARK_KEY, mark);
    api.call(pageSession, {}, { silent: true, quiet: true }).catch(() => local.removeItem(MARK_KEY));
  };
  sync();
  session.subscribe(sync);
}
