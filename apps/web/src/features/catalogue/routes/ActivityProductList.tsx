import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useSearchParams } from 'react-router';
import { activityPage } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

/** /activityProductList?activityId[&name]: titled by `name` when the link gives one, else by the activity. */
export function Component() {
  const [params] = useSearchParams();
  const activityId = Number(params.get('activityId'));
  // A banner or a campaign's "See all" names where the shopper came from: the list keeps that title.
  const name = params.get('name')?.trim() ?? '';
  return (
    <ListScreen
      key={activityId}
      keyBase={['activity', activityId]}
      title={name}
      fetchFor={(sort) => activityPage(activityId, sort)}
      titleFrom={name ? undefined : (p) => `${p.activity.name} · ${p.activity.subtitle}`}
    />
  );
}
