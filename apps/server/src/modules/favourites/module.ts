import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { favouriteRoutes } from './routes.ts';
import { FavouriteService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    favourites: FavouriteService;
  }
}

/** The shopper's favourite products. */
export const favouritesModule = defineModule({
  name: 'favourites',
  migrations: migrationsOf('modules/favourites'),
  needs: ['catalogue'],
  provides: ['favourites'],
  build: (ctx, { catalogue }) => ({ favourites: new FavouriteService(ctx.db, catalogue) }),
  routes: favouriteRoutes,
});
