import {
  changePassword,
  checkPayPasswordExists,
  logout,
  passwordLogin,
  queryInfo,
  registAndLogin,
  registAndLoginEmoney,
  registerH5,
  sendSms,
  setPayPassword,
  verifyPayPasswordCode,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../index.ts';

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

  registerCall(app, registAndLogin, resolveSession, async (request) => accounts.loginBySms({ ...request.body, source: 'h5' }));
  registerCall(app, registAndLoginEmoney, resolveSession, async (request) =>
    accounts.loginBySms({ ...request.body, source: 'emoney' }),
  );
  registerCall(app, registerH5, resolveSession, async (request) => accounts.register(request.body));
  registerCall(app, passwordLogin, resolveSession, async (request) =>
    accounts.loginByPassword({ ...request.body, ip: request.ip }),
  );

  registerCall(app, logout, resolveSession, async (request) => {
    await accounts.logout(request.sessionToken as string);
    return null;
  });

  registerCall(app, queryInfo, resolveSession, async (request) => accounts.info(userOf(request)));

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
    return null;
  });
  registerCall(app, checkPayPasswordExists, resolveSession, async (request) => ({
    exist: await accounts.hasPayPassword(userOf(request)),
  }));
}
