import { errorMessage } from '@shop/contracts';
import type { AppContext } from '../../platform/module.ts';
import { CARRIER_CALLBACK_PATH, type CallbackOutcome } from './service.ts';

/** Server-to-server answers: 200 acknowledges (the carrier stops retrying); others say why. */
const ANSWERS: Record<CallbackOutcome, { status: number; code: 'ORD0017' | 'ORD0018' | 'SYS00001' | '0' }> = {
  recorded: { status: 200, code: '0' },
  duplicate: { status: 200, code: '0' },
  forged: { status: 401, code: 'ORD0017' },
  malformed: { status: 400, code: 'SYS00001' },
  'unknown-waybill': { status: 404, code: 'ORD0018' },
};

/** The carrier's callback, the same path the simulator and a real carrier call. */
export function carrierRoutes({ app, services }: AppContext) {
  const carrier = services.carrier;
  // The signature covers the exact bytes sent, so this scope keeps the JSON body as text.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(CARRIER_CALLBACK_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const outcome = await carrier.receiveCallback(typeof request.body === 'string' ? request.body : '', {
        timestamp: header('x-carrier-timestamp'),
        signature: header('x-carrier-signature'),
      });
      const { status, code } = ANSWERS[outcome];
      if (code === '0') return reply.status(status).send({ code, outcome });
      const msg = errorMessage(code, request.language ?? 'en-US', { detail: 'carrier event' });
      return reply.status(status).send({ code, msg, outcome });
    });
  });

  // The simulator's events reach us over HTTP, as a real carrier's would.
  carrier.deliver = async (rawBody, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: CARRIER_CALLBACK_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: rawBody,
    });
    return { ok: res.statusCode === 200 };
  };
}
