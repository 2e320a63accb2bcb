import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { systemRoutes } from './routes.ts';
import { SystemService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    system: SystemService;
  }
}

/** The shop's settings, dictionaries and versions (spec §7 system calls). */
export const systemModule = defineModule({
  name: 'system',
  migrations: migrationsOf('modules/system'),
  provides: ['system'],
  build: (ctx) => ({ system: new SystemService(ctx.db) }),
  routes: systemRoutes,
  init: (services) => services.system.ensureDefaults(),
});
