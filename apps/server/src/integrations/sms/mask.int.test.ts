import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';

// Staff see that a code was sent, never the code: the outbox keeps a code masked, the console shows
// it masked to every role, and in production the code itself is kept only until its message is sent.

/** A stand-in SMS provider that takes every message and keeps what it was sent (the party's record). */
function provider() {
  const received: { to: string; text: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push(JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `m${received.length}` }));
    });
  });
  return { server, received };
}

async function shopWith(gateway: ReturnType<typeof provider>, production: boolean) {
  const { port } = gateway.server.address() as AddressInfo;
  const shop = await startTestShop({
    production,
    sms: { ...testConfig().sms, gatewayUrl: `http://127.0.0.1:${port}/sms`, gatewayToken: 't', simFailureRate: 0 },
  });
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const support = await shop.services.staff.create(
    { login: 'support.one', displayName: 'support', password: 'Angkor2026pass', roles: ['support'] },
    { staffId: owner.id, login: 'owner' },
  );
  const tokens = {
    owner: (await shop.ctx.sessions.create('staff', owner.id)).token,
    support: (await shop.ctx.sessions.create('staff', support.id)).token,
  };
  return { shop, tokens };
}

const stored = (shop: TestShop, phone: string) =>
  queryRows<{ text: string; secret: string | null; status: string }>(
    shop.db,
    sql`SELECT text, secret, status FROM sms_outbox WHERE phone = ${phone} ORDER BY id`,
  );

describe('the SMS outbox masks codes', () => {
  const gateway = provider();
  beforeAll(() => new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => gateway.server.close());

  for (const production of [false, true])
    describe(production ? 'in production' : 'outside production', () => {
      let shop: TestShop;
      let tokens: Record<'owner' | 'support', string>;
      beforeAll(async () => {
        ({ shop, tokens } = await shopWith(gateway, production));
      });
      afterAll(() => shop?.close());

      it('sends the code to the phone; the outbox and every staff role see only that a code was sent', async () => {
        const phone = production ? '012345681' : '012345682';
        const e164 = `+855${phone.slice(1)}`;
        // A sign-in code, then (signed in) a pay-password code.
        let token: string | undefined;
        for (const type of ['login', 'paypwd']) {
          const res = await shop.call('POST', '/v1/customer/sendsms', { body: { phone, type }, token });
          expect(res.body.code, res.body.msg).toBe('0');
          if (production) expect(res.body.data.devCode).toBeUndefined();
          else expect(res.body.data.devCode).toMatch(/^\d{4}$/);
          await shop.ctx.jobs.runDue(new Date(Date.now() + 120_000));
          if (type === 'login') {
            const code = /(\d{4})\./.exec(gateway.received.filter((m) => m.to === e164)[0].text)?.[1];
            const login = await shop.call('POST', '/v1/customer/registandlogin', {
              body: { countryCode: '+855', phone, code, agree: true },
            });
            expect(login.body.code, login.body.msg).toBe('0');
            token = login.body.data.token;
          }
        }
        // The phone got the codes (the provider's own record).
        const got = gateway.received.filter((m) => m.to === e164);
        expect(got).toHaveLength(2);
        const codes = got.map((m) => /(\d{4})\./.exec(m.text)?.[1] as string);
        expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);

        const rows = await stored(shop, e164);
        expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
        for (const [i, row] of rows.entries()) {
          expect(row.text).toContain('Your verification code is ••••.');
          expect(row.text).not.toContain(codes[i]);
          // Production keeps no code once sent; outside it, the demo and tests may still read it.
          expect(row.secret).toBe(production ? null : codes[i]);
        }

        for (const role of ['owner', 'support'] as const) {
          const outbox = await shop.call('GET', '/admin-api/v1/support/sms', { token: tokens[role], query: { phone } });
          expect(outbox.body.code, `${role}: ${outbox.body.msg}`).toBe('0');
          expect(outbox.body.data.list).toHaveLength(2);
          for (const item of outbox.body.data.list) expect(item).toMatchObject({ code: true });
          const shown = JSON.stringify(outbox.body);
          for (const code of codes) expect(shown).not.toContain(code);
          expect(shown).toContain('••••');
        }
      });

      it('a message without a code reads as sent', async () => {
        const e164 = production ? '+85512345683' : '+85512345684';
        await shop.services.sms.send(e164, 'Your parcel 12345 is on its way', 'notice');
        await shop.ctx.jobs.runDue(new Date(Date.now() + 120_000));
        const [item] = (await shop.services.sms.outbox({ phone: e164, page: 1, size: 1 })).list;
        expect(item).toMatchObject({ text: 'Your parcel 12345 is on its way', code: false, status: 'sent' });
        expect(gateway.received.find((m) => m.to === e164)?.text).toBe('Your parcel 12345 is on its way');
      });
    });
});
