/**
 * The yingxin car loan's published rules (spec §2 `/yingxin`, §5, §7 `firstpage`/`secondpage`/
 * `thirdpage`), pure, shared by the server, the local lender and the shop's screens. The borrower's
 * eligibility is the loan line's (`eligibilityRefusal` of terms.ts: age 18 to 50, USD 200 a month,
 * residence in Cambodia, one account, no blacklist); the car's own rules and limits are ours
 * (docs/loans.md, "The yingxin car loan"). Each refusal names its catalogue code and the field it is about.
 */
import { ageOn, isoOfDayMonthYear, LOAN_RULES } from './terms.ts';

export const CAR_LOAN_RULES = {
  amountCents: { min: 500_00, max: 20_000_00 },
  termMonths: [6, 12, 18, 24, 36] as const,
  /** The loan is at most this share of the car's value (basis points). */
  maxLoanToValueBp: 7000,
  /** A car older than this (by its year of manufacture) is not taken. */
  maxCarAgeYears: 15,
  maxMileageKm: 1_000_000,
  carValueCents: { min: 1_000_00, max: 500_000_00 },
  /** A draft nobody touched for this long is closed and its pictures let go. */
  staleDraftDays: 30,
} as const;

export type CarTermMonths = (typeof CAR_LOAN_RULES.termMonths)[number];

/** The pictures of the car and its papers (`thirdpage`); the inspection certificate is optional. */
export const CAR_PICTURES = ['front', 'rear', 'side', 'dashboard', 'registrationCard', 'inspection'] as const;
export type CarPicture = (typeof CAR_PICTURES)[number];
export const REQUIRED_CAR_PICTURES: readonly CarPicture[] = ['front', 'rear', 'side', 'dashboard', 'registrationCard'];

/** Page 1 (`firstpage`): the borrower and the loan asked for. */
export type CarBorrower = {
  fullName: string;
  nationalId: string;
  /** dd/mm/yyyy (spec §5). */
  birthDate: string;
  address: string;
  occupation: string;
  monthlyIncomeCents: number;
  residenceCountry: string;
  referenceName: string;
  referencePhone: string;
  amountCents: number;
  termMonths: number;
};

/** Page 2 (`secondpage`): the car. */
export type CarDetails = {
  brand: string;
  model: string;
  year: number;
  plateNumber: string;
  colour: string;
  mileageKm: number;
  vin: string;
  valueCents: number;
  registeredToBorrower: boolean;
};

export type CarRefusal = { code: string; field: string; params?: Record<string, string | number> };

const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]{0,78}[\p{L}\p{M}.]$/u;
const NATIONAL_ID = /^[A-Z0-9]{6,20}$/;
/** A Cambodian plate: province digit, one or two letters, four digits (2AB-1234). */
const PLATE = /^\d[A-Z]{1,2}-\d{4}$/;
/** ISO 3779: 17 characters, no I, O or Q. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** A Cambodian mobile or landline: +855 or 0, then 8 or 9 digits. */
const PHONE = /^(?:\+855|0)\d{8,9}$/;

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
const squash = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The borrower's page tidied: trimmed, the ID and nothing else upper-cased, the phone without spaces. */
export function tidyBorrower(input: CarBorrower): CarBorrower {
  return {
    ...input,
    fullName: squash(input.fullName),
    nationalId: input.nationalId.replace(/\s+/g, '').toUpperCase(),
    birthDate: input.birthDate.trim(),
    address: squash(input.address),
    occupation: squash(input.occupation),
    referenceName: squash(input.referenceName),
    referencePhone: input.referencePhone.replace(/[\s-]/g, ''),
  };
}

/**
 * A plate as one car has it whatever its spelling: upper case, without spaces, dashes (any kind),
 * dots or other separators ("2ab 1234", "2-AB-1234" and "2AB–1234" are one car). One car secures
 * one car loan: this is what the shop compares.
 */
export function plateKey(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function tidyCar(input: CarDetails): CarDetails {
  const plate = input.plateNumber.replace(/\s+/g, '').toUpperCase();
  const key = plateKey(plate);
  return {
    ...input,
    brand: squash(input.brand),
    model: squash(input.model),
    plateNumber: /^\d[A-Z]{1,2}\d{4}$/.test(key) ? `${key.slice(0, -4)}-${key.slice(-4)}` : plate,
    colour: squash(input.colour),
    vin: input.vin.replace(/\s+/g, '').toUpperCase(),
  };
}

/**
 * The first refusal of page 1, or null. `today` is yyyy-mm-dd in Asia/Phnom_Penh. The borrower's
 * age, income and residence follow the loan line's rules and codes (LOAN0001-3, LOAN0015).
 */
export function borrowerRefusal(b: CarBorrower, today: string): CarRefusal | null {
  if (!NAME.test(b.fullName)) return { code: 'CAR00001', field: 'fullName' };
  if (!NATIONAL_ID.test(b.nationalId)) return { code: 'CAR00002', field: 'nationalId' };
  const birth = isoOfDayMonthYear(b.birthDate);
  if (!birth || birth > today) return { code: 'LOAN0015', field: 'birthDate' };
  const age = ageOn(birth, today);
  if (age < LOAN_RULES.minAge || age > LOAN_RULES.maxAge) return { code: 'LOAN0001', field: 'birthDate' };
  if (b.address.length < 5 || b.address.length > 200) return { code: 'CAR00003', field: 'address' };
  if (b.residenceCountry !== LOAN_RULES.residence) return { code: 'LOAN0003', field: 'residenceCountry' };
  if (b.occupation.length < 2 || b.occupation.length > 120) return { code: 'CAR00004', field: 'occupation' };
  if (!Number.isInteger(b.monthlyIncomeCents) || b.monthlyIncomeCents < LOAN_RULES.minMonthlyIncomeCents)
    return { code: 'LOAN0002', field: 'monthlyIncomeCents' };
  if (!NAME.test(b.referenceName)) return { code: 'CAR00005', field: 'referenceName' };
  if (!PHONE.test(b.referencePhone)) return { code: 'CAR00005', field: 'referencePhone' };
  const { min, max } = CAR_LOAN_RULES.amountCents;
  if (!Number.isInteger(b.amountCents) || b.amountCents < min || b.amountCents > max)
    return { code: 'CAR00006', field: 'amountCents', params: { min: usd(min), max: usd(max) } };
  if (!(CAR_LOAN_RULES.termMonths as readonly number[]).includes(b.termMonths))
    return { code: 'CAR00007', field: 'termMonths', params: { choices: CAR_LOAN_RULES.termMonths.join(', ') } };
  return null;
}

/** The most that may be lent on a car of this value. */
export function maxLoanOn(valueCents: number): number {
  return Math.floor((valueCents * CAR_LOAN_RULES.maxLoanToValueBp) / 10_000);
}

/**
 * The first refusal of page 2, or null. `year` is this year in Asia/Phnom_Penh; `amountCents` the
 * loan asked on page 1 (the car must be worth enough for it).
 */
export function carRefusal(car: CarDetails, amountCents: number | null, year: number): CarRefusal | null {
  if (car.brand.length < 2 || car.brand.length > 40) return { code: 'CAR00008', field: 'brand' };
  if (car.model.length < 1 || car.model.length > 60) return { code: 'CAR00009', field: 'model' };
  const oldest = year - CAR_LOAN_RULES.maxCarAgeYears;
  if (!Number.isInteger(car.year) || car.year < oldest || car.year > year + 1)
    return { code: 'CAR00010', field: 'year', params: { min: oldest, max: year + 1 } };
  if (!PLATE.test(car.plateNumber)) return { code: 'CAR00011', field: 'plateNumber' };
  if (car.colour.length < 2 || car.colour.length > 30) return { code: 'CAR00012', field: 'colour' };
  if (!Number.isInteger(car.mileageKm) || car.mileageKm < 0 || car.mileageKm > CAR_LOAN_RULES.maxMileageKm)
    return { code: 'CAR00013', field: 'mileageKm' };
  if (!VIN.test(car.vin)) return { code: 'CAR00014', field: 'vin' };
  const value = CAR_LOAN_RULES.carValueCents;
  if (!Number.isInteger(car.valueCents) || car.valueCents < value.min || car.valueCents > value.max)
    return { code: 'CAR00015', field: 'valueCents', params: { min: usd(value.min), max: usd(value.max) } };
  if (!car.registeredToBorrower) return { code: 'CAR00017', field: 'registeredToBorrower' };
  if (amountCents !== null && amountCents > maxLoanOn(car.valueCents))
    return { code: 'CAR00016', field: 'valueCents', params: { max: usd(maxLoanOn(car.valueCents)) } };
  return null;
}

/** The required pictures not yet given. */
export function missingCarPictures(pictures: Partial<Record<CarPicture, unknown>>): CarPicture[] {
  return REQUIRED_CAR_PICTURES.filter((kind) => !pictures[kind]);
}
