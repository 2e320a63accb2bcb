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
  if (!user || (await loans.hasOpenLoan(user.id))) return;
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
    },
    'en-US',
  );
  const signCode = await code('loan', user.id);
  if (signCode) await loans.applications.sign(user.id, loan.id, signCode);
}
