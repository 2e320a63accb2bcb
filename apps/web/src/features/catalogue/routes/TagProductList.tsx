import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useSearchParams } from 'react-router';
import { tagPage } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

/** /tagProductList?tagId&name */
export function Component() {
  const [params] = useSearchParams();
  const tagId = Number(params.get('tagId'));
  return (
    <ListScreen
      key={tagId}
      title={params.get('name') ?? ''}
      keyBase={['tag', tagId]}
      fetchFor={(sort) => tagPage(tagId, sort)}
      titleFrom={(p) => p.tag.name}
    />
  );
}
