import { Step4 } from '../components/Step4.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/step4_1: the card order, picked up at the store. */
function Screen() {
  return <Step4 delivery="pickup" />;
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
