import { adminBakongToken, adminSetSetting, adminSettings, type SystemConfig, systemConfig } from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** Console calls of the system module: the business constants of spec §9. */
export function systemConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminSettings, ['owner'], async () => (await services.system.getConfig()).config);

  // Every role sees it: the dashboard warns whoever is on duty before KHQR stops settling.
  registerStaffCall(app, services, adminBakongToken, 'any', async () => {
    const now = new Date();
    const token = services.bakong.tokenStatus(now);
    return {
      state: token.state,
      expiresAt: token.expiresAt?.toISOString() ?? null,
      daysLeft: token.expiresAt
        ? Math.max(0, Math.floor((token.expiresAt.getTime() - now.getTime()) / 86_400_000))
        : null,
      warn: token.warn,
      renews: Boolean(services.bakong.email),
      renewedAt: services.bakong.renewedAt?.toISOString() ?? null,
      renewalProblem: services.bakong.renewalProblem,
    };
  });

  registerStaffCall(app, services, adminSetSetting, ['owner'], async (request) => {
    const { key, value } = request.body;
    if (!Object.hasOwn(systemConfig.shape, key)) throw new AppError('STF00015', { key });
    const k = key as keyof SystemConfig;
    const checked = systemConfig.shape[k].safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      throw new AppError('STF00016', { key, detail: `${where}${issue.message}` });
    }
    const before = (await services.system.getConfig()).config[k];
    await services.system.setSetting(k, checked.data as never);
    await services.staff.audit(actorOf(request), {
      action: 'system.setting',
      targetType: 'setting',
      targetId: key,
      before,
      after: checked.data,
    });
    return (await services.system.getConfig()).config;
  });
}
