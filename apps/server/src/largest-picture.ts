/**
 * The picture that is a screen's largest paint, found in the page's first answers, so that the
 * page asks for it first, at the size the screen shows it (issue 24, page-shell.ts). The screens
 * themselves are drawn on the server by the app's own components (decision 0026).
 */

import { CAMPAIGN_ROUTES } from '@shop/contracts';

export type Answers = Record<string, { code: string; data: unknown }>;

/** A product card's picture in a list, two a row (the web app's ProductCard). */
export const CARD_SIZES = '(max-width: 600px) 50vw, 240px';

/** The answer of the call at `path`, whatever its query (`/v1/product/search` is not `…/searchkeywords`). */
export const answerOf = (answers: Answers, path: string) =>
  Object.entries(answers).find(([key]) => key === path || key.startsWith(`${path}?`))?.[1];

const listOf = (answers: Answers, path: string) => {
  const answer = answerOf(answers, path);
  return answer?.code === '0'
    ? ((answer.data as { list?: { imageUrl: string | null }[] } | null)?.list ?? [])
    : undefined;
};

/** The picture that is a screen's largest paint, from its first answers, and the size it is shown at. */
export const LARGEST_PICTURE: Record<string, (answers: Answers) => { url: string; sizes: string } | undefined> = {
  '/': (answers) => firstBanner(answers, '/v1/carousel/query'),
  '/product': (answers) => {
    const detail = answerOf(answers, '/v1/product/queryproductitemsinproduct')?.data as {
      images?: { url: string }[];
    } | null;
    const url = detail?.images?.[0]?.url;
    return url ? { url, sizes: '100vw' } : undefined;
  },
  // The personal centre's first advert (its banner row is drawn by the app, signed in or not).
  '/personal': (answers) => firstBanner(answers, '/v1/other/mypageadvert/new'),
  '/category': (answers) => firstCard(listOf(answers, '/v1/newcategory/queryproductitem')),
  '/ProductSearchList': (answers) => firstCard(listOf(answers, '/v1/product/search')),
  // The overseas home's first best seller (web: overseas/routes/Smilebuy, its row's 38vw pictures).
  '/Smilebuy': (answers) => {
    const hot = answerOf(answers, '/v1/haitao/product/hotlist');
    const url = hot?.code === '0' ? (hot.data as { picture: string | null }[] | null)?.[0]?.picture : undefined;
    return url ? { url, sizes: '38vw' } : undefined;
  },
};
LARGEST_PICTURE['/home'] = LARGEST_PICTURE['/'];
// A campaign's hero picture, the phone's width (web: campaigns/components/Blocks).
for (const route of CAMPAIGN_ROUTES) {
  LARGEST_PICTURE[`/${route}`] = (answers) => {
    const page = answerOf(answers, '/v1/campaign/page');
    const blocks =
      page?.code === '0' ? (page.data as { blocks?: { type: string; imageUrl?: string | null }[] }).blocks : [];
    const url = blocks?.find((block) => block.type === 'hero')?.imageUrl;
    return url ? { url, sizes: '100vw' } : undefined;
  };
}

/** The first picture of a banner row (carousel, adverts), shown the phone's width. */
function firstBanner(answers: Answers, path: string) {
  const url = (answers[path]?.data as { imageUrl: string | null }[] | undefined)?.[0]?.imageUrl;
  return url ? { url, sizes: '100vw' } : undefined;
}

function firstCard(list: { imageUrl: string | null }[] | undefined) {
  const url = list?.[0]?.imageUrl;
  return url ? { url, sizes: CARD_SIZES } : undefined;
}
