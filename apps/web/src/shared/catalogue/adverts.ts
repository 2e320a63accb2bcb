import { getBonusAdvertLogin, getBonusAdvertUnlogin, getMyPageAdverts } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, firstAnswerData } from '../api/index.ts';
import { currentLanguage } from '../i18n/index.ts';

/** The personal page's adverts (spec §7 `mypageadvert/new`). */
export function useMyPageAdverts() {
  return useQuery({
    queryKey: ['adverts', 'mypage', currentLanguage()],
    queryFn: () => api.call(getMyPageAdverts, {}, { silent: true, quiet: true }),
    initialData: () => firstAnswerData(getMyPageAdverts),
  });
}

/** The bonus advert: one for visitors, another for signed-in shoppers (spec §7 `bonusadvert`). */
export function useBonusAdverts(signedIn: boolean) {
  return useQuery({
    queryKey: ['adverts', 'bonus', signedIn, currentLanguage()],
    queryFn: () =>
      signedIn
        ? api.call(getBonusAdvertLogin, {}, { silent: true, quiet: true })
        : api.call(getBonusAdvertUnlogin, {}, { silent: true, quiet: true }),
    // The front page came with it (the server drew the page with it).
    initialData: () => firstAnswerData(signedIn ? getBonusAdvertLogin : getBonusAdvertUnlogin),
  });
}
