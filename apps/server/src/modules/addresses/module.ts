import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { addressRoutes } from './routes.ts';
import { AddressService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    addresses: AddressService;
  }
}

/** The shopper's delivery addresses, with Cambodia's divisions and the served provinces. */
export const addressesModule = defineModule({
  name: 'addresses',
  migrations: migrationsOf('modules/addresses'),
  provides: ['addresses'],
  build: (ctx) => ({ addresses: new AddressService(ctx.db, ctx.config.servedProvinces) }),
  routes: addressRoutes,
});
