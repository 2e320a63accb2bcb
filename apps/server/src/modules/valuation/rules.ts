// The valuation's rules, pure: parsing the answers, the estimate, the slots of a day, checking a
// price rule from the console. service.ts applies them to the database.
import { estimateCents, type Language, VALUATION_QUESTION_KEYS, type ValuationQuestionKey } from '@shop/contracts';

export type Localized = Record<Language, string>;

export type ModelOption = { code: string; label: Localized; deductCents: number };
export type ModelQuestion = { key: ValuationQuestionKey; options: ModelOption[] };

/** The titles of the six questions (spec: storage, screen, body, battery, functions, accessories). */
export const QUESTION_TITLES: Record<ValuationQuestionKey, Localized> = {
  storage: { 'en-US': 'Storage', chs: '存储容量', kh: 'ទំហំផ្ទុក' },
  screen: { 'en-US': 'Screen', chs: '屏幕', kh: 'អេក្រង់' },
  body: { 'en-US': 'Body and frame', chs: '机身外观', kh: 'តួ និងស៊ុម' },
  battery: { 'en-US': 'Battery health', chs: '电池健康', kh: 'សុខភាពថ្ម' },
  functions: {
    'en-US': 'Functions (calls, camera, buttons, Face ID)',
    chs: '功能（通话、相机、按键、面容）',
    kh: 'មុខងារ (ហៅទូរស័ព្ទ កាមេរ៉ា ប៊ូតុង ស្កេនមុខ)',
  },
  accessories: { 'en-US': 'Box and accessories', chs: '包装与配件', kh: 'ប្រអប់ និងគ្រឿងបន្លាស់' },
};

/** "storage:s256,screen:ok" → a map; null when malformed or a key repeats or is unknown. */
export function parseAnswers(text: string): Map<ValuationQuestionKey, string> | null {
  const map = new Map<ValuationQuestionKey, string>();
  for (const pair of text.split(',')) {
    const [key, code, extra] = pair.split(':');
    if (extra !== undefined || !key || !code) return null;
    if (!(VALUATION_QUESTION_KEYS as readonly string[]).includes(key)) return null;
    if (map.has(key as ValuationQuestionKey)) return null;
    map.set(key as ValuationQuestionKey, code);
  }
  return map;
}

/**
 * The options chosen for every question of the model, or null when one is missing or unknown.
 * Every question must be answered: a price from half the answers would be a promise not kept.
 */
export function chosenOptions(
  questions: readonly ModelQuestion[],
  answers: Map<ValuationQuestionKey, string>,
): { question: ModelQuestion; option: ModelOption }[] | null {
  if (answers.size !== questions.length) return null;
  const chosen: { question: ModelQuestion; option: ModelOption }[] = [];
  for (const question of questions) {
    const option = question.options.find((o) => o.code === answers.get(question.key));
    if (!option) return null;
    chosen.push({ question, option });
  }
  return chosen;
}

/** The estimate: the base less the chosen deductions, never below the floor nor above the base. */
export function estimate(model: { baseCents: number; floorCents: number }, deductions: readonly number[]): number {
  return estimateCents(model.baseCents, model.floorCents, deductions);
}

/** Whether a price rule from the console can be applied (a bad one is refused as EVA00011). */
export function validRule(rule: { baseCents: number; floorCents: number; questions: readonly ModelQuestion[] }) {
  if (!Number.isSafeInteger(rule.baseCents) || !Number.isSafeInteger(rule.floorCents)) return false;
  // At most USD 1,000,000: the columns are int4, and no phone is bought for more.
  if (rule.baseCents <= 0 || rule.baseCents > 100_000_000) return false;
  if (rule.floorCents < 0 || rule.floorCents >= rule.baseCents) return false;
  const keys = rule.questions.map((q) => q.key);
  if (new Set(keys).size !== keys.length || keys.length === 0) return false;
  return rule.questions.every(
    (q) =>
      (VALUATION_QUESTION_KEYS as readonly string[]).includes(q.key) &&
      q.options.length > 0 &&
      new Set(q.options.map((o) => o.code)).size === q.options.length &&
      q.options.every(
        (o) =>
          /^[a-z0-9]{1,20}$/.test(o.code) &&
          Number.isSafeInteger(o.deductCents) &&
          o.deductCents >= 0 &&
          o.deductCents <= rule.baseCents &&
          ['en-US', 'chs', 'kh'].every(
            (l) => typeof o.label[l as Language] === 'string' && o.label[l as Language].trim(),
          ),
      ),
  );
}

// ------------------------------------------------------------------------------ slots

/** Phnom Penh is UTC+7 all year (no daylight saving). */
const OFFSET_MS = 7 * 3600_000;
/** How far ahead a visit may be booked. */
export const BOOK_AHEAD_DAYS = 14;

/**
 * The store hours of the system config with the slots' length (minutes) and the visits one slot
 * takes (the inspectors on duty, stores and homes together): both system settings.
 */
export type VisitHours = { days: number[]; open: string; close: string; slotMinutes: number; slotCapacity: number };

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The Phnom Penh date (yyyy-mm-dd) of an instant. */
export function localDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The starts of a day's slots within store hours (none on a closed day, or outside the booking window). */
export function slotsOf(date: string, hours: Omit<VisitHours, 'slotCapacity'>, now: Date): Date[] {
  const midnight = Date.parse(`${date}T00:00:00Z`) - OFFSET_MS;
  if (Number.isNaN(midnight)) return [];
  const today = Date.parse(`${localDate(now)}T00:00:00Z`) - OFFSET_MS;
  const days = Math.round((midnight - today) / 86_400_000);
  if (days < 1 || days > BOOK_AHEAD_DAYS) return [];
  const weekday = ((new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
  if (!hours.days.includes(weekday)) return [];
  const starts: Date[] = [];
  const length = hours.slotMinutes;
  if (!Number.isSafeInteger(length) || length < 1) return [];
  for (let m = minutesOf(hours.open); m + length <= minutesOf(hours.close); m += length)
    starts.push(new Date(midnight + m * 60_000));
  return starts;
}

/** Whether an instant starts one of the slots offered (store hours, from tomorrow, the window). */
export function isSlotStart(at: Date, hours: Omit<VisitHours, 'slotCapacity'>, now: Date): boolean {
  return slotsOf(localDate(at), hours, now).some((s) => s.getTime() === at.getTime());
}

/** "HH:MM" Phnom Penh time of an instant. */
export function localClock(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(11, 16);
}

/** Whether visit hours from the console can be used: open before close with room for a slot, sane sizes. */
export function validVisitHours(v: VisitHours): boolean {
  const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
  if (!clock.test(v.open) || !clock.test(v.close)) return false;
  if (!Number.isSafeInteger(v.slotMinutes) || v.slotMinutes < 15 || v.slotMinutes > 240) return false;
  if (!Number.isSafeInteger(v.slotCapacity) || v.slotCapacity < 1 || v.slotCapacity > 100) return false;
  if (v.days.length === 0 || new Set(v.days).size !== v.days.length) return false;
  if (!v.days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)) return false;
  return minutesOf(v.open) + v.slotMinutes <= minutesOf(v.close);
}
