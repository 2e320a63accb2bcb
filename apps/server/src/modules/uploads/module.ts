import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { uploadRoutes } from './routes.ts';
import { UploadsService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    uploads: UploadsService;
  }
}

/** Private picture uploads (spec §7 `v1/upload/*`) kept in the file store, claimed by a later call or swept after a day. */
export const uploadsModule = defineModule({
  name: 'uploads',
  migrations: migrationsOf('modules/uploads'),
  provides: ['uploads'],
  build: (ctx) => ({ uploads: new UploadsService(ctx) }),
  routes: uploadRoutes,
  jobs: (_ctx, services) => [
    {
      name: 'uploads.sweep-unclaimed',
      everyMs: 10 * 60_000,
      handler: async () => {
        await services.uploads.sweep();
      },
    },
  ],
});
