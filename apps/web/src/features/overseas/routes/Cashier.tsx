import { Navigate } from 'react-router';
import { useQueryParam } from '../components/parts.tsx';

/** /Smilebuy/cashier?orderId: the shop's cashier for an overseas order (kind overseas: online payment only). */
export function Component() {
  const orderId = useQueryParam('orderId');
  return <Navigate to={`/cashier?orderId=${encodeURIComponent(orderId)}&kind=overseas`} replace />;
}
