import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { createSmsGateway } from './gateway.ts';
import { SmsService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    sms: SmsService;
  }
}

/** The SMS integration's outbox: a real gateway or the local simulator, behind one interface. */
export const smsModule = defineModule({
  name: 'sms',
  migrations: migrationsOf('integrations/sms'),
  provides: ['sms'],
  build: (ctx) => ({
    sms: new SmsService(ctx.db, ctx.jobs, createSmsGateway(ctx.config.sms), { production: ctx.config.production }),
  }),
  jobs: (_ctx, services) => services.sms.jobDefinitions(),
});
