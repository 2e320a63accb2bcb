// FLEET_TEST_FAULTS: which of the fault test's faults run (all when unset, docs/operations.md).
import { describe, expect, it } from 'vitest';
import { chosenFaults, FAULTS } from './fault-load.mjs';

describe('the faults a run chooses', () => {
  it('all of them when FLEET_TEST_FAULTS is unset or empty', () => {
    expect([...chosenFaults(undefined)]).toEqual(FAULTS);
    expect([...chosenFaults('')]).toEqual(FAULTS);
    expect(FAULTS).toContain('card-issuer');
  });

  it('those named, spaces and empty items aside', () => {
    expect([...chosenFaults('card-issuer')]).toEqual(['card-issuer']);
    expect([...chosenFaults(' kills , card-issuer,')]).toEqual(['kills', 'card-issuer']);
  });

  it('refuses a name it does not know, naming the ones it does', () => {
    expect(() => chosenFaults('card-issuer,cardissuer')).toThrow(/no fault cardissuer \(kills, database/);
  });
});
