import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useSearchParams } from 'react-router';
import { activityPage } from '../api/catalogue.ts';
import { ListScreen } from '../components/ListScreen.tsx';

/** /activityProductList?activityId */
export function Component() {
  const [params] = useSearchParams();
  const activityId = Number(params.get('activityId'));
  return (
    <ListScreen
      key={activityId}
      keyBase={['activity', activityId]}
      fetchFor={(sort) => activityPage(activityId, sort)}
      titleFrom={(p) => `${p.activity.name} · ${p.activity.subtitle}`}
    />
  );
}
