import { PhotoGuide } from '../components/PhotoGuide.tsx';
import '../bongloy.css';

/** How to take the picture of step 2: holding. */
export function Component() {
  return <PhotoGuide kind="holding" />;
}
