import { describe, expect, it } from 'vitest';
import { nationalNumberOf, operatorOfNumber } from './topup-numbers.ts';

describe('nationalNumberOf', () => {
  it.each([
    ['012 345 678', '12345678'],
    ['0123-45678', '12345678'],
    ['+855 12 345 678', '12345678'],
    ['+855 012 345 678', '12345678'],
    ['00855 12 345 678', '12345678'],
    ['85512345678', '12345678'],
    ['12345678', '12345678'],
    ['096 123 4567', '961234567'],
    ['(097) 612-3456', '976123456'],
  ])('%s is %s', (typed, national) => expect(nationalNumberOf(typed)).toBe(national));

  it.each(['', 'hello', '012 34', '012 345 678 901', '+86 138 0013 8000', '0012345678', '+855 abc'])(
    '%s is no Cambodian number',
    (typed) => expect(nationalNumberOf(typed)).toBeNull(),
  );
});

describe('operatorOfNumber', () => {
  const operators = [
    { code: 'cellcard', ranges: [{ start: '12', lengths: [8, 9] }] },
    {
      code: 'metfone',
      ranges: [
        { start: '97', lengths: [8, 9] },
        { start: '7248', lengths: [9] },
      ],
    },
    {
      code: 'smart',
      ranges: [
        { start: '96', lengths: [9] },
        { start: '72', lengths: [8] },
      ],
    },
  ];
  it('finds the range the number starts with, at a length it allows', () => {
    expect(operatorOfNumber('12345678', operators)?.code).toBe('cellcard');
    expect(operatorOfNumber('961234567', operators)?.code).toBe('smart');
    expect(operatorOfNumber('96123456', operators)).toBeNull();
  });
  it('prefers the longest range', () => {
    expect(operatorOfNumber('724812345', operators)?.code).toBe('metfone');
    expect(operatorOfNumber('72123456', operators)?.code).toBe('smart');
  });
  it('knows no operator for a range nobody holds', () => {
    expect(operatorOfNumber('19123456', operators)).toBeNull();
  });
});
