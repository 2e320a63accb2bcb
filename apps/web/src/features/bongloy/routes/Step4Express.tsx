import { Step4 } from '../components/Step4.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/step4_2: the card order, sent by express (name, mobile, zip code, address). */
function Screen() {
  return <Step4 delivery="express" />;
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
