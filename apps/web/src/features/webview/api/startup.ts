import { getStartupAdvert } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';

/** The launch advert staff chose in the console (banners at position `startup`). */
export function useStartupAdvert() {
  return useQuery({
    queryKey: ['adverts', 'startup', currentLanguage()],
    queryFn: () => api.call(getStartupAdvert, {}, { silent: true, quiet: true }),
  });
}
