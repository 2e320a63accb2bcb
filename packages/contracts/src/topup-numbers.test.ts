import { describe, expect, it } from 'vitest';
import { checkTopupNumber, nationalNumberOf, operatorOfNumber, TOPUP_NUMBER_REFUSAL } from './topup-numbers.ts';

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

describe('checkTopupNumber: the one rule of the screen and the server', () => {
  // Cellcard and Smart offered; 019 (no operator named) and Metfone (turned off) are mobile ranges not served.
  const served = [
    { code: 'cellcard', ranges: [{ start: '12', lengths: [8, 9] }] },
    { code: 'smart', ranges: [{ start: '10', lengths: [8] }] },
  ];
  const unserved = [
    { start: '19', lengths: [8] },
    { start: '97', lengths: [9] },
  ];
  const kind = (typed: string) => checkTopupNumber(typed, served, unserved).kind;

  it('never calls a number wrong while more digits could make it one we serve', () => {
    for (const typed of ['0', '01', '012', '0123', '012 345 6', '+85', '+855', '+855 1', '00855 12', '1'])
      expect(kind(typed), typed).toBe('incomplete');
  });
  it('names the operator of a whole number', () => {
    expect(checkTopupNumber('012 345 678', served, unserved)).toMatchObject({
      kind: 'ok',
      nationalNumber: '12345678',
      operator: { code: 'cellcard' },
    });
    expect(kind('+855 10 123 456')).toBe('ok');
  });
  it('says unserved, as the server does (TOP00003), for a mobile range no operator we offer runs, whole or begun', () => {
    expect(kind('019 123 456')).toBe('unserved');
    expect(kind('019')).toBe('unserved');
    expect(kind('097 123 4567')).toBe('unserved');
    expect(TOPUP_NUMBER_REFUSAL.unserved).toBe('TOP00003');
  });
  it('says invalid (TOP00002) only when nothing it could become is a Cambodian mobile number', () => {
    for (const typed of ['023 123 456', '05', 'hello', '+86 138', '012 345 678 901', '0012345678', '010 123 4567'])
      expect(kind(typed), typed).toBe('invalid');
    expect(TOPUP_NUMBER_REFUSAL.invalid).toBe('TOP00002');
    expect(TOPUP_NUMBER_REFUSAL.incomplete).toBe('TOP00002');
  });
});
