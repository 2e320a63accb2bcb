import { describe, expect, it } from 'vitest';
import {
  borrowerRefusal,
  type CarBorrower,
  type CarDetails,
  carRefusal,
  maxLoanOn,
  missingCarPictures,
  plateKey,
  tidyBorrower,
  tidyCar,
} from './car.ts';

const borrower: CarBorrower = {
  fullName: 'Sok Dara',
  nationalId: 'N0123456',
  birthDate: '15/06/1990',
  address: 'St 271, Tuol Kork, Phnom Penh',
  occupation: 'Driver',
  monthlyIncomeCents: 600_00,
  residenceCountry: 'KH',
  referenceName: 'Chan Sokha',
  referencePhone: '012345678',
  amountCents: 5_000_00,
  termMonths: 24,
};
const car: CarDetails = {
  brand: 'Toyota',
  model: 'Prius',
  year: 2020,
  plateNumber: '2AB-1234',
  colour: 'White',
  mileageKm: 80_000,
  vin: 'JTDKB20U093501234',
  valueCents: 10_000_00,
  registeredToBorrower: true,
};

describe('the car loan’s borrower', () => {
  it('takes the loan line’s age, income and residence rules', () => {
    expect(borrowerRefusal(borrower, '2026-06-01')).toBeNull();
    expect(borrowerRefusal({ ...borrower, birthDate: '02/06/2008' }, '2026-06-01')?.code).toBe('LOAN0001');
    expect(borrowerRefusal({ ...borrower, birthDate: '01/06/2008' }, '2026-06-01')).toBeNull();
    expect(borrowerRefusal({ ...borrower, monthlyIncomeCents: 199_99 }, '2026-06-01')?.code).toBe('LOAN0002');
    expect(borrowerRefusal({ ...borrower, residenceCountry: 'VN' }, '2026-06-01')?.code).toBe('LOAN0003');
  });
  it('accepts Khmer names and tidies what people type', () => {
    expect(borrowerRefusal({ ...borrower, fullName: 'សុខ ដារា' }, '2026-06-01')).toBeNull();
    const tidy = tidyBorrower({ ...borrower, nationalId: ' n 012 3456 ', referencePhone: '012-345 678' });
    expect(tidy).toMatchObject({ nationalId: 'N0123456', referencePhone: '012345678' });
    expect(borrowerRefusal({ ...borrower, referencePhone: '+85512345678' }, '2026-06-01')).toBeNull();
    expect(borrowerRefusal({ ...borrower, referencePhone: '+66812345678' }, '2026-06-01')?.field).toBe(
      'referencePhone',
    );
  });
  it('bounds the amount and the term', () => {
    expect(borrowerRefusal({ ...borrower, amountCents: 499_99 }, '2026-06-01')).toMatchObject({
      code: 'CAR00006',
      params: { min: '500.00', max: '20,000.00' },
    });
    expect(borrowerRefusal({ ...borrower, termMonths: 48 }, '2026-06-01')?.code).toBe('CAR00007');
  });
});

describe('the car', () => {
  it('is at most 15 years old and worth enough: the loan at most 70% of its value', () => {
    expect(carRefusal(car, 5_000_00, 2026)).toBeNull();
    expect(carRefusal({ ...car, year: 2011 }, null, 2026)).toBeNull();
    expect(carRefusal({ ...car, year: 2010 }, null, 2026)).toMatchObject({ code: 'CAR00010', params: { min: 2011 } });
    expect(carRefusal({ ...car, year: 2028 }, null, 2026)?.code).toBe('CAR00010');
    expect(maxLoanOn(10_000_00)).toBe(7_000_00);
    expect(carRefusal(car, 7_000_00, 2026)).toBeNull();
    expect(carRefusal(car, 7_000_01, 2026)).toMatchObject({ code: 'CAR00016', params: { max: '7,000.00' } });
    expect(carRefusal({ ...car, registeredToBorrower: false }, null, 2026)?.code).toBe('CAR00017');
  });
  it('reads plates and chassis numbers as written on the card', () => {
    expect(tidyCar({ ...car, plateNumber: '2ab 1234', vin: 'jtdkb20u 093501234' })).toMatchObject({
      plateNumber: '2AB-1234',
      vin: 'JTDKB20U093501234',
    });
    expect(carRefusal({ ...car, plateNumber: 'PP-1234' }, null, 2026)?.code).toBe('CAR00011');
    // I, O and Q are never in a VIN.
    expect(carRefusal({ ...car, vin: 'JTDKB20U09350123I' }, null, 2026)?.code).toBe('CAR00014');
  });
  it('one car whatever the spelling of its plate: case, spaces and dashes', () => {
    for (const spelling of ['2ab-1234', ' 2 AB 1234 ', '2-AB-1234', '2AB–1234', '2ab‑1234'])
      expect([spelling, tidyCar({ ...car, plateNumber: spelling }).plateNumber]).toEqual([spelling, '2AB-1234']);
    expect(new Set(['2AB-1234', '2ab 1234', '2-AB–1234', '2.AB.1234'].map(plateKey))).toEqual(new Set(['2AB1234']));
    expect(plateKey('2AB-1234')).not.toBe(plateKey('2AB-1235'));
  });
  it('needs five pictures; the inspection certificate is optional', () => {
    expect(missingCarPictures({ front: 'a', rear: 'b' })).toEqual(['side', 'dashboard', 'registrationCard']);
    expect(missingCarPictures({ front: 'a', rear: 'b', side: 'c', dashboard: 'd', registrationCard: 'e' })).toEqual([]);
  });
});
