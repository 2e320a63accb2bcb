import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';

/** The demo shopper of the wallet: log in with +855 010 888 888 and the password demo1234. */
export const DEMO_SHOPPER = { phone: '010888888', countryCode: '+855', e164: '+85510888888', password: 'demo1234' };

async function demoShopper(ctx: PlatformContext, services: Services): Promise<string | null> {
  // The demo shopper registers with a code the API hands back, which production never does.
  if (ctx.config.production) return null;
  const existing = await services.accounts.findByPhone(DEMO_SHOPPER.e164);
  if (existing) return existing.id;
  const { devCode } = await services.accounts.sendCode({
    phone: DEMO_SHOPPER.phone,
    countryCode: DEMO_SHOPPER.countryCode,
    purpose: 'register',
    ip: 'demo-seed',
    userId: null,
    language: 'en-US',
  });
  if (!devCode) return null;
  const login = await services.accounts.register({
    phone: DEMO_SHOPPER.phone,
    countryCode: DEMO_SHOPPER.countryCode,
    code: devCode,
    password: DEMO_SHOPPER.password,
    repeatPassword: DEMO_SHOPPER.password,
    agree: true,
  });
  return login.userId;
}

const ignore = (codes: string[]) => (error: unknown) => {
  if (error instanceof AppError && codes.includes(error.code)) return;
  throw error;
};

/** Demo wallet: money in and out (bills), coupons in every tab, an invitation and notices. Idempotent. */
export async function seedWalletDemo(ctx: PlatformContext, services: Services): Promise<void> {
  const userId = await demoShopper(ctx, services);
  if (!userId) return;
  const { wallet, coupons, notices, invitations } = services;
  const staff = 'demo-seed';
  await wallet.adjust({
    userId,
    account: 'cash',
    amountCents: 15_000,
    reason: 'Welcome credit',
    staffId: staff,
    idempotencyKey: 'demo:cash',
  });
  await wallet.adjust({
    userId,
    account: 'points',
    amountCents: 1200,
    reason: 'Sign-up points',
    staffId: staff,
    idempotencyKey: 'demo:points',
  });
  await wallet.reward({ userId, amountCents: 1000, ref: { type: 'reward', id: 'demo' }, idempotencyKey: 'demo:gift' });
  await wallet.payOrder({ userId, orderId: 'DEMO-ORDER-1', amountCents: 2340, idempotencyKey: 'demo:pay:1' });
  await wallet.refundOrder({ userId, orderId: 'DEMO-ORDER-1', amountCents: 500, idempotencyKey: 'demo:refund:1' });

  const batch = await coupons.batchBySlug('newyear-5-2');
  const big = await coupons.batchBySlug('newyear-25-5');
  if (batch)
    await coupons.claim(userId, batch.id).catch(ignore(['COUPONCODE0006', 'COUPONCODE0007', 'COUPONCODE0008']));
  if (big) await coupons.claim(userId, big.id).catch(ignore(['COUPONCODE0006', 'COUPONCODE0007', 'COUPONCODE0008']));
  const code = await coupons.batchBySlug('demo-welcome-code');
  if (!code) {
    await coupons.createBatch({
      slug: 'demo-welcome-code',
      title: {
        'en-US': 'Welcome code: spend $10, save $3',
        chs: '欢迎码：满 $10 减 $3',
        kh: 'លេខកូដស្វាគមន៍៖ ចំណាយ $10 សន្សំ $3',
      },
      minSpendCents: 1000,
      discountCents: 300,
      code: 'WELCOME3',
      staffId: staff,
    });
  }
  await invitations.codeOf(userId);

  const { total } = await notices.list(userId, { page: 1, size: 1 }, 'en-US');
  if (total === 0) {
    await notices.notify(userId, {
      kind: 'announcement',
      title: { 'en-US': 'Welcome to Angkor Mall', chs: '欢迎来到 Angkor Mall', kh: 'សូមស្វាគមន៍មកកាន់ Angkor Mall' },
      body: {
        'en-US': 'Your wallet has a welcome credit and two New Year coupons. Invite friends to earn up to $100.00.',
        chs: '您的钱包已有欢迎金和两张新年优惠券。邀请好友最高可得 $100.00。',
        kh: 'កាបូបរបស់អ្នកមានប្រាក់ស្វាគមន៍ និងគូប៉ុងឆ្នាំថ្មីពីរ។ អញ្ជើញមិត្តភក្តិដើម្បីទទួលបានរហូតដល់ $100.00។',
      },
      link: '/myWallet',
    });
  }
}
