import {
  advice,
  bindPhone,
  changePassword,
  changePhone,
  checkPayPasswordExists,
  friendCodeDesc,
  friendCodeDo,
  friendCodeQuery,
  friendCodeSetDesc,
  friendCodeVerifyImage,
  getImageCode,
  logout,
  pageSession,
  passwordLogin,
  puzzleImage,
  queryInfo,
  queryLogo,
  registAndLogin,
  registAndLoginEmoney,
  registerH5,
  sendSms,
  setEmail,
  setInfo,
  setLogo,
  setPayPassword,
  smsSecure,
  thirdBind,
  thirdCheck,
  thirdList,
  thirdLogin,
  thirdUnbind,
  verifyImageCode,
  verifyPayPasswordCode,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { createOidcSimulator } from '../../integrations/oauth/simulator.ts';
import { AppError } from '../../platform/errors.ts';
import { authGuard, registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { clearPageCookie, setPageCookie } from '../../platform/page-cookie.ts';
import type { Session } from '../../platform/sessions.ts';
import { registerUploads } from '../../platform/uploads.ts';

/** The signed-in shopper of a call whose contract says auth 'user'. */
export const userOf = (request: FastifyRequest) => (request.session as { subjectId: string }).subjectId;

export function accountRoutes({ app, services, resolveSession }: AppContext) {
  const accounts = services.accounts;

  registerCall(app, sendSms, resolveSession, async (request) =>
    accounts.sendCode({
      phone: request.body.phone,
      countryCode: request.body.countryCode,
      purpose: request.body.type,
      imageToken: request.body.imageToken,
      ip: request.ip,
      userId: request.session?.subjectId ?? null,
      language: request.language,
    }),
  );

  // A sign-in is told to the notification service (a new device is a security message, issue 46).
  const signedIn =
    (request: FastifyRequest) =>
    async <T extends { userId: string }>(result: T): Promise<T> => {
      await services.notifications.signedIn(
        result.userId,
        String(request.headers['user-agent'] ?? ''),
        request.language,
      );
      return result;
    };
  registerCall(app, registAndLogin, resolveSession, async (request) =>
    accounts.loginBySms({ ...request.body, source: 'h5' }).then(signedIn(request)),
  );
  registerCall(app, registAndLoginEmoney, resolveSession, async (request) =>
    accounts.loginBySms({ ...request.body, source: 'emoney' }).then(signedIn(request)),
  );
  registerCall(app, registerH5, resolveSession, async (request) => accounts.register(request.body));
  registerCall(app, passwordLogin, resolveSession, async (request) =>
    accounts.loginByPassword({ ...request.body, ip: request.ip }).then(signedIn(request)),
  );

  registerCall(app, logout, resolveSession, async (request, reply) => {
    await accounts.logout(request.sessionToken as string);
    clearPageCookie(reply);
    return null;
  });
  registerCall(app, pageSession, resolveSession, async (request, reply) => {
    setPageCookie(reply, request.sessionToken as string, (request.session as Session).expiresAt);
    return null;
  });

  registerCall(app, queryInfo, resolveSession, async (request) =>
    services.accountExtras.info(userOf(request), request.language),
  );

  registerCall(app, changePassword, resolveSession, async (request) =>
    accounts.changePassword({
      ...request.body,
      userId: request.session?.subjectId ?? null,
      ip: request.ip,
    }),
  );

  registerCall(app, verifyPayPasswordCode, resolveSession, async (request) =>
    accounts.verifyPayPasswordCode(userOf(request), request.body.code),
  );
  registerCall(app, setPayPassword, resolveSession, async (request) => {
    await accounts.setPayPassword(userOf(request), request.body);
    await services.notifications.payPasswordChanged(userOf(request), request.language);
    return null;
  });
  registerCall(app, checkPayPasswordExists, resolveSession, async (request) => ({
    exist: await accounts.hasPayPassword(userOf(request)),
  }));
}

/** Routes of the puzzle, profile, avatar, Friend code and third-party logins. */
export function accountExtraRoutes({ app, services, resolveSession, config }: AppContext) {
  const extras = services.accountExtras;

  registerCall(app, getImageCode, resolveSession, async (request) => extras.newPuzzle(request.ip));
  registerCall(app, friendCodeVerifyImage, resolveSession, async (request) => extras.newPuzzle(request.ip));
  app.get(
    puzzleImage.path,
    { schema: { querystring: puzzleImage.query, tags: ['accounts'], summary: 'Slide-puzzle image (PNG)' } },
    async (request, reply) => {
      const query = request.query as { id: string; part: 'background' | 'piece' };
      const png = await extras.puzzleImage(query.id, query.part);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );
  registerCall(app, verifyImageCode, resolveSession, async (request) =>
    extras.verifyPuzzle(request.query.id, request.query.x, request.ip),
  );
  registerCall(app, smsSecure, resolveSession, async (request) => ({
    required: await extras.puzzleRequired(request.query.phone, request.query.countryCode, request.ip),
  }));

  registerCall(app, setEmail, resolveSession, async (request) => extras.setEmail(userOf(request), request.body.email));
  registerCall(app, setInfo, resolveSession, async (request) =>
    extras.setInfo(userOf(request), request.body, request.language),
  );
  registerCall(app, changePhone, resolveSession, async (request) => extras.changePhone(userOf(request), request.body));
  registerCall(app, bindPhone, resolveSession, async (request) => extras.bindPhone(userOf(request), request.body));
  registerCall(app, advice, resolveSession, async (request) => {
    await extras.advice(userOf(request), request.body.text, request.body.contact);
    return null;
  });

  registerUploads(app, (scope) =>
    registerCall(scope, setLogo, resolveSession, async (request) => {
      if (!request.isMultipart()) throw new AppError('USR00042');
      const file = await request.file({ limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
      if (!file) throw new AppError('USR00042');
      const buffer = await file.toBuffer().catch((error: { code?: string }) => {
        if (error?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('SYS00005');
        throw new AppError('USR00042');
      });
      return extras.setAvatar(userOf(request), buffer);
    }),
  );
  app.get(
    queryLogo.path,
    {
      onRequest: authGuard('user', resolveSession),
      schema: { tags: ['accounts'], summary: 'The avatar of the signed-in shopper (WebP)' },
    },
    async (request, reply) => {
      const image = await extras.avatar(userOf(request));
      if (!image) throw new AppError('SYS00002');
      return reply.type('image/webp').header('cache-control', 'private, max-age=300').send(image);
    },
  );

  registerCall(app, friendCodeDesc, resolveSession, async (request) => extras.friendCodeDesc(request.language));
  registerCall(app, friendCodeQuery, resolveSession, async (request) =>
    extras.friendCodeStatus(userOf(request), request.language),
  );
  registerCall(app, friendCodeDo, resolveSession, async (request) =>
    extras.redeemFriendCode(userOf(request), request.body, request.ip, request.language),
  );
  registerCall(app, friendCodeSetDesc, resolveSession, async (request) => {
    await extras.setFriendCodeNote(userOf(request), request.body.code, request.body.note);
    return null;
  });

  const origin = (request: FastifyRequest) =>
    config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  registerCall(app, thirdList, resolveSession, async (request) => extras.thirdList(request.session?.subjectId ?? null));
  registerCall(app, thirdCheck, resolveSession, async (request) =>
    extras.thirdStart(request.query.provider, request.query.mode, request.session?.subjectId ?? null, origin(request)),
  );
  registerCall(app, thirdLogin, resolveSession, async (request) => extras.thirdLogin(request.body));
  registerCall(app, thirdBind, resolveSession, async (request) => extras.thirdBind(userOf(request), request.body));
  registerCall(app, thirdUnbind, resolveSession, async (request) =>
    extras.thirdUnbind(userOf(request), request.body.provider),
  );

  // The local OpenID provider standing in for Facebook, Google and WeChat outside production.
  const simulated = config.oauthProviders.filter((p) => p.simulated);
  if (simulated.length && !config.production) {
    const sims = new Map(
      simulated.map((p) => [
        p.id,
        createOidcSimulator({ issuer: () => p.issuer as string, clients: { [p.clientId]: p.clientSecret } }),
      ]),
    );
    app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      scope.route({
        method: ['GET', 'POST'],
        url: '/dev/oidc/:provider/*',
        schema: { hide: true },
        handler: async (request, reply) => {
          const { provider } = request.params as { provider: string };
          const sim = sims.get(provider as never);
          if (!sim) throw new AppError('SYS00002');
          const url = new URL(request.url, 'http://local');
          const sub = url.pathname.slice(`/dev/oidc/${provider}`.length);
          reply.hijack();
          const handled = await sim.handle(
            request.raw,
            reply.raw,
            sub,
            url.searchParams,
            typeof request.body === 'string' ? request.body : undefined,
          );
          if (!handled) reply.raw.writeHead(404).end();
        },
      });
    });
  }
}
