import {
  addAddress,
  addIntlAddress,
  modifyAddress,
  modifyIntlAddress,
  queryAddresses,
  queryCities,
  queryDefaultIntlAddress,
  queryDistricts,
  queryIntlAddresses,
  queryMapConfig,
  queryProvinces,
  removeAddress,
  removeIntlAddress,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function addressRoutes({ app, services, resolveSession, config }: AppContext) {
  const book = services.addresses;
  const user = (request: { session: { subjectId: string } | null }) =>
    (request.session as { subjectId: string }).subjectId;

  registerCall(app, queryProvinces, resolveSession, async (request) => book.provinces(request.language), {
    cache: 'public, max-age=300',
  });
  registerCall(
    app,
    queryCities,
    resolveSession,
    async (request) => book.childrenOf(request.query.provinceCode, request.language),
    {
      cache: 'public, max-age=3600',
    },
  );
  registerCall(
    app,
    queryDistricts,
    resolveSession,
    async (request) => book.childrenOf(request.query.cityCode, request.language),
    {
      cache: 'public, max-age=3600',
    },
  );

  // Phnom Penh's Independence Monument is where the picker opens when the shopper has no location.
  registerCall(
    app,
    queryMapConfig,
    resolveSession,
    async () => ({ tileUrl: config.mapTileUrl, latitude: 11.5564, longitude: 104.9282, zoom: 13 }),
    {
      cache: 'public, max-age=3600',
    },
  );
  registerCall(app, queryAddresses, resolveSession, async (request) =>
    book.list(user(request), request.language, request.query.id),
  );
  registerCall(app, addAddress, resolveSession, async (request) =>
    book.add(user(request), request.body, request.language),
  );
  registerCall(app, modifyAddress, resolveSession, async (request) => {
    const { id, ...input } = request.body;
    return book.modify(user(request), id, input, request.language);
  });
  registerCall(app, removeAddress, resolveSession, async (request) => {
    await book.remove(user(request), request.body.id);
    return { removed: true };
  });

  registerCall(app, queryIntlAddresses, resolveSession, async (request) => book.listIntl(user(request)));
  registerCall(app, queryDefaultIntlAddress, resolveSession, async (request) => book.defaultIntl(user(request)));
  registerCall(app, addIntlAddress, resolveSession, async (request) => book.saveIntl(user(request), request.body));
  registerCall(app, modifyIntlAddress, resolveSession, async (request) => {
    const { id, ...input } = request.body;
    return book.saveIntl(user(request), input, id);
  });
  registerCall(app, removeIntlAddress, resolveSession, async (request) => {
    await book.removeIntl(user(request), request.body.id);
    return { removed: true };
  });
}
