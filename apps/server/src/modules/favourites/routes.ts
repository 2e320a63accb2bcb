import { addFavourite, isFavourite, listFavourites, removeFavourite } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function favouriteRoutes({ app, services, resolveSession }: AppContext) {
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;
  registerCall(app, listFavourites, resolveSession, async (req) =>
    services.favourites.list(user(req), req.query.page, req.query.size, req.language),
  );
  registerCall(app, isFavourite, resolveSession, async (req) => ({
    exists: await services.favourites.isFavourite(user(req), req.query.productId),
  }));
  registerCall(app, addFavourite, resolveSession, async (req) => {
    await services.favourites.add(user(req), req.body.productId);
    return { exists: true };
  });
  registerCall(app, removeFavourite, resolveSession, async (req) => ({
    removed: await services.favourites.remove(user(req), req.body.productIds),
  }));
}
