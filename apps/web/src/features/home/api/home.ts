import {
  getActivities,
  getCarousel,
  getCategoryProducts,
  getCategoryTree,
  getTags,
  getWingCarousel,
} from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';

export function useCarousel(wing: boolean) {
  return useQuery({
    queryKey: ['carousel', wing, currentLanguage()],
    queryFn: () => api.call(wing ? getWingCarousel : getCarousel),
    // The page came with it (the server drew its first picture): the first render shows it too.
    initialData: () => firstAnswerData(wing ? getWingCarousel : getCarousel),
  });
}
// The front page comes with each of its answers below (the server drew the page with them).
export function useActivities() {
  return useQuery({
    queryKey: ['activities', currentLanguage()],
    queryFn: () => api.call(getActivities),
    initialData: () => firstAnswerData(getActivities),
  });
}
export function useTags() {
  return useQuery({
    queryKey: ['tags', currentLanguage()],
    queryFn: () => api.call(getTags),
    initialData: () => firstAnswerData(getTags),
  });
}
export function useCategoryTree() {
  return useQuery({
    queryKey: ['category-tree', currentLanguage()],
    queryFn: () => api.call(getCategoryTree),
    initialData: () => firstAnswerData(getCategoryTree),
    staleTime: 5 * 60_000,
  });
}
const FEED_QUERY = { sort: 'default' } as const;
export const feedPage = (page: number, size: number) => api.call(getCategoryProducts, { page, size, ...FEED_QUERY });
/** The feed's first page, as the page came with it. */
export const feedFirstPage = (size: number) => firstAnswerData(getCategoryProducts, { page: 1, size, ...FEED_QUERY });
