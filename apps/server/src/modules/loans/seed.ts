import sharp from 'sharp';
import type { PlatformContext, Services } from '../../platform/module.ts';

/** The demo applicant: log in with +855 010 777 777 and the password demo1234; their application waits in the console's review queue. */
export const DEMO_APPLICANT = { phone: '010777777', countryCode: '+855', e164: '+85510777777', password: 'demo1234' };

/** Demo loans (idempotent): one signed first application waiting for the lender's person. */
export async function seedLoans(ctx: PlatformContext, services: Services): Promise<void> {
  // Codes handed back by the API exist only outside production; so does the local lender.
  if (ctx.config.production || !services.lender.available) return;
  const { accounts, loans } = services;
  const code = async (purpose: 'register' | 'loan', userId: string | null) =>
    (
      await accounts.sendCode({
        phone: DEMO_APPLICANT.phone,
        countryCode: DEMO_APPLICANT.countryCode,
        purpose,
        ip: 'demo-seed',
        userId,
        language: 'en-US',
      })
    ).devCode;
  let user = await accounts.findByPhone(DEMO_APPLICANT.e164);
  if (!user) {
    const devCode = await code('register', null);
    if (!devCode) return;
    const login = await accounts.register({
      phone: DEMO_APPLICANT.phone,
      countryCode: DEMO_APPLICANT.countryCode,
      code: devCode,
      password: DEMO_APPLICANT.password,
      repeatPassword: DEMO_APPLICANT.password,
      agree: true,
    });
    user = await accounts.getUser(login.userId);
  }
  if (!user) return;
  const userId = user.id;
  const picture = async (label: string, colour: string) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640"><rect width="100%" height="100%" fill="${colour}"/><rect x="40" y="40" width="880" height="560" rx="30" fill="#fff" opacity="0.8"/><text x="90" y="200" font-size="72" font-family="sans-serif">${label}</text><text x="90" y="320" font-size="44" font-family="sans-serif">DEMO · CHAN SREYMOM</text></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    return (await services.uploads.upload(userId, 'pictureofclient', jpeg)).id;
  };
  if (!(await loans.cars.latest(userId))) await seedCarLoan(services, userId, picture);
  if (await loans.hasOpenLoan(userId)) return;
  const loan = await loans.applications.apply(
    user.id,
    {
      fullName: 'Chan Sreymom',
      nationalId: 'DEMO010777777',
      birthDate: '02/03/1994',
      email: 'sreymom@example.com',
      mailingAddress: 'No. 12, St 2004, Sen Sok, Phnom Penh',
      postalCode: '120801',
      residenceCountry: 'KH',
      familyDetails: 'Single, lives with parents',
      education: 'High school',
      employment: 'Tailor at a garment workshop, 6 years',
      monthlyIncomeCents: 380_00,
      amountCents: 500_00,
      installments: 3,
      consent: { applicationData: true, deviceData: false },
      documents: {
        nationalIdCard: await picture('National ID card', '#5b8def'),
        facePicture: await picture('Face picture', '#f4a261'),
      },
    },
    'en-US',
  );
  const signCode = await code('loan', userId);
  if (signCode) await loans.applications.sign(userId, loan.id, signCode);
}

/** A demo car loan (yingxin), submitted with its pictures, waiting in the console's car-loan queue. */
async function seedCarLoan(
  services: Services,
  userId: string,
  picture: (label: string, colour: string) => Promise<string>,
): Promise<void> {
  const cars = services.loans.cars;
  await cars.firstPage(userId, {
    fullName: 'Chan Sreymom',
    nationalId: 'DEMO010777777',
    birthDate: '02/03/1994',
    address: 'No. 12, St 2004, Sen Sok, Phnom Penh',
    occupation: 'Tailor at a garment workshop',
    monthlyIncomeCents: 380_00,
    residenceCountry: 'KH',
    referenceName: 'Chan Dara',
    referencePhone: '012345678',
    amountCents: 4_000_00,
    termMonths: 24,
  });
  await cars.secondPage(userId, {
    brand: 'Toyota',
    model: 'Camry',
    year: new Date().getUTCFullYear() - 8,
    plateNumber: '2AB-1234',
    colour: 'Silver',
    mileageKm: 96_000,
    vin: 'JTNBE46K473012345',
    valueCents: 12_000_00,
    registeredToBorrower: true,
  });
  const pictures = {
    front: await picture('Car: front', '#2a9d8f'),
    rear: await picture('Car: rear', '#2a9d8f'),
    side: await picture('Car: side', '#2a9d8f'),
    dashboard: await picture('Dashboard 96,000 km', '#264653'),
    registrationCard: await picture('Registration card', '#e9c46a'),
  };
  await cars.thirdPage(userId, { pictures, submit: true, agree: true });
}
