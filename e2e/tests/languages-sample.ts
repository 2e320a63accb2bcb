/**
 * Journeys written once per language, sampled (decision 0085). `npm test` (and so CI) runs each such
 * journey in one of its languages: which one turns with the commit under test, so every language of
 * every journey is walked as commits follow one another, and a run is the same for the same commit.
 * `npm run test:e2e:all` (E2E_ALL=1) runs every journey in every language; the accessibility checks
 * (a sample of the screens, each in one language) run whole with `npm run test:a11y`.
 *
 * E2E_SAMPLE, a number, picks another turn (playwright.config.ts sets it from the commit once, for
 * every worker): the list of tests printed at the start of a run names the languages it walked.
 */
import { createHash } from 'node:crypto';

const all = process.env.E2E_ALL === '1';
const turn = Number(process.env.E2E_SAMPLE ?? 0);

/**
 * The languages a journey runs in: all of `languages` with E2E_ALL=1, else one of them, chosen by
 * the journey's name (unique in the project: two journeys of a run walk different languages as
 * often as not) and the run's turn. A pure function of both, so every worker lists the same tests.
 * `whole`: every language in this run too (the accessibility checks' A11Y_ALL).
 */
export function journeyLanguages<L extends string>(
  languages: readonly L[],
  journey: string,
  whole = false,
): readonly L[] {
  if (all || whole || languages.length < 2) return languages;
  const spread = createHash('sha1').update(journey).digest().readUInt32BE(0);
  return [languages[(spread + turn) % languages.length]];
}
