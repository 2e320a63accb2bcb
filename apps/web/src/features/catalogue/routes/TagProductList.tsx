import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useSearchParams } from 'react-router';
import { tagPage } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

/** /tagProductList?tagId&name: titled by `name` (the banner's or campaign's title) when the link gives one, else by the tag. */
export function Component() {
  const [params] = useSearchParams();
  const tagId = Number(params.get('tagId'));
  // A banner or a campaign's "See all" names where the shopper came from: the list keeps that title.
  const name = params.get('name')?.trim() ?? '';
  return (
    <ListScreen
      key={tagId}
      title={name}
      keyBase={['tag', tagId]}
      fetchFor={(sort) => tagPage(tagId, sort)}
      titleFrom={name ? undefined : (p) => p.tag.name}
    />
  );
}
