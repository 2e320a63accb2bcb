import { describe, expect, it } from 'vitest';
import { DEMO_MODELS } from './demo.ts';
import {
  chosenOptions,
  estimate,
  isSlotStart,
  localClock,
  parseAnswers,
  slotsOf,
  validRule,
  validVisitHours,
} from './rules.ts';

describe('the estimate', () => {
  it('is the base less the deductions of the answers', () => {
    expect(estimate({ baseCents: 10_000, floorCents: 1_000 }, [0, 1_500, 500])).toBe(8_000);
  });
  it('is never below the floor, however much is taken off', () => {
    expect(estimate({ baseCents: 10_000, floorCents: 1_000 }, [6_000, 6_000])).toBe(1_000);
  });
  it('is never above the base (negative deductions count as none)', () => {
    expect(estimate({ baseCents: 10_000, floorCents: 1_000 }, [-5_000, 0])).toBe(10_000);
  });
  it('is the base when nothing is wrong, and a floor above the base is held to the base', () => {
    expect(estimate({ baseCents: 10_000, floorCents: 1_000 }, [0, 0, 0])).toBe(10_000);
    expect(estimate({ baseCents: 10_000, floorCents: 20_000 }, [9_000])).toBe(10_000);
  });
  it('prices every demo model within its floor and base for every combination of answers', () => {
    for (const model of DEMO_MODELS) {
      const combos = model.questions.reduce<number[][]>(
        (acc, q) => acc.flatMap((picked) => q.options.map((o) => [...picked, o.deductCents])),
        [[]],
      );
      for (const deductions of combos) {
        const price = estimate(model, deductions);
        expect(price).toBeGreaterThanOrEqual(model.floorCents);
        expect(price).toBeLessThanOrEqual(model.baseCents);
      }
      expect(validRule(model)).toBe(true);
    }
  });
});

describe('the answers', () => {
  const model = DEMO_MODELS[0];
  const all = 'storage:s256,screen:ok,body:worn,battery:good,functions:ok,accessories:none';
  it('are parsed as key:code pairs, and refused when a key repeats, is unknown or a pair is malformed', () => {
    expect(parseAnswers(all)?.get('body')).toBe('worn');
    expect(parseAnswers('storage:s256,storage:s128')).toBeNull();
    expect(parseAnswers('colour:red')).toBeNull();
    expect(parseAnswers('storage')).toBeNull();
    expect(parseAnswers('storage:s1:x')).toBeNull();
  });
  it('must answer every question of the model with one of its options', () => {
    expect(chosenOptions(model.questions, parseAnswers(all) as never)).toHaveLength(6);
    expect(chosenOptions(model.questions, parseAnswers('storage:s256,screen:ok') as never)).toBeNull();
    expect(chosenOptions(model.questions, parseAnswers(all.replace('s256', 's64')) as never)).toBeNull();
  });
});

describe('a price rule from the console', () => {
  const base = DEMO_MODELS[1];
  it('needs a floor below the base, no negative deduction, every label in the three languages', () => {
    expect(validRule({ ...base, floorCents: base.baseCents })).toBe(false);
    expect(validRule({ ...base, baseCents: 3_000_000_000 })).toBe(false);
    const negative = structuredClone(base.questions);
    negative[0].options[0].deductCents = -1;
    expect(validRule({ ...base, questions: negative })).toBe(false);
    const unlabelled = structuredClone(base.questions);
    unlabelled[1].options[0].label.kh = ' ';
    expect(validRule({ ...base, questions: unlabelled })).toBe(false);
    expect(validRule({ ...base, questions: [...base.questions, base.questions[0]] })).toBe(false);
  });
});

describe('the slots', () => {
  const hours = { days: [1, 2, 3, 4, 5, 6], open: '08:30', close: '18:00', slotMinutes: 60 };
  // Tuesday 2026-11-24, 10:00 in Phnom Penh.
  const now = new Date('2026-11-24T03:00:00Z');
  it('are hours of store time from opening, each ending by closing, from tomorrow on', () => {
    const slots = slotsOf('2026-11-25', hours, now);
    expect(slots.map(localClock)).toEqual([
      '08:30',
      '09:30',
      '10:30',
      '11:30',
      '12:30',
      '13:30',
      '14:30',
      '15:30',
      '16:30',
    ]);
    expect(slots[0].toISOString()).toBe('2026-11-25T01:30:00.000Z');
  });
  it('are none today, on a closed day (Sunday here) or past two weeks', () => {
    expect(slotsOf('2026-11-24', hours, now)).toEqual([]);
    expect(slotsOf('2026-11-29', hours, now)).toEqual([]);
    expect(slotsOf('2026-12-09', hours, now)).toEqual([]);
    expect(slotsOf('2026-12-08', hours, now)).toHaveLength(9);
  });
  it('accept only the start of a slot', () => {
    expect(isSlotStart(new Date('2026-11-25T01:30:00Z'), hours, now)).toBe(true);
    expect(isSlotStart(new Date('2026-11-25T01:45:00Z'), hours, now)).toBe(false);
    expect(isSlotStart(new Date('2026-11-25T10:30:00Z'), hours, now)).toBe(false);
  });
  it('follow the slot length of the settings: 45 minutes from opening, the last ending by closing (11:15–12:00)', () => {
    const slots = slotsOf('2026-11-25', { ...hours, open: '09:00', close: '12:00', slotMinutes: 45 }, now);
    expect(slots.map(localClock)).toEqual(['09:00', '09:45', '10:30', '11:15']);
    expect(isSlotStart(new Date('2026-11-25T02:45:00Z'), { ...hours, open: '09:00', slotMinutes: 45 }, now)).toBe(true);
  });
});

describe('the visit hours from the console', () => {
  const ok = { days: [1, 2, 3], open: '08:30', close: '18:00', slotMinutes: 30, slotCapacity: 2 };
  it('take open before close with room for one slot, 15 to 240 minutes, 1 to 100 visits', () => {
    expect(validVisitHours(ok)).toBe(true);
    expect(validVisitHours({ ...ok, open: '18:00', close: '08:30' })).toBe(false);
    expect(validVisitHours({ ...ok, open: '17:45' })).toBe(false);
    expect(validVisitHours({ ...ok, open: '17:30' })).toBe(true);
    expect(validVisitHours({ ...ok, slotMinutes: 10 })).toBe(false);
    expect(validVisitHours({ ...ok, slotMinutes: 241 })).toBe(false);
    expect(validVisitHours({ ...ok, slotCapacity: 0 })).toBe(false);
    expect(validVisitHours({ ...ok, slotCapacity: 101 })).toBe(false);
    expect(validVisitHours({ ...ok, days: [] })).toBe(false);
    expect(validVisitHours({ ...ok, days: [1, 1] })).toBe(false);
    expect(validVisitHours({ ...ok, days: [8] })).toBe(false);
    expect(validVisitHours({ ...ok, close: '24:00' })).toBe(false);
  });
});
