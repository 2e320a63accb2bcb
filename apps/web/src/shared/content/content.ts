import { queryContentDocument } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/index.ts';
import { currentLanguage } from '../i18n/index.ts';

/** The content document `key` (docs/content.md) in the shop's language: title and sanitised HTML. */
export function useContentDocument(key: string) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['content', key, language],
    queryFn: () => api.call(queryContentDocument, { key }, { quiet: true }),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
