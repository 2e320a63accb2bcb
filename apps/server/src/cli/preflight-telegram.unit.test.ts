import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { telegramLine } from './preflight-lines.ts';

// A Bot API stand-in on 127.0.0.1 that knows one token and answers getMe as Telegram does.
const TOKEN = '123456:right-token';
let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const ok = req.url === `/bot${TOKEN}/getMe`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { ok: true, result: { id: 1, is_bot: true, first_name: 'Shop', username: 'AngkorMallBot' } }
          : { ok: false, error_code: 401, description: 'Unauthorized' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (env: NodeJS.ProcessEnv) =>
  loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example', TELEGRAM_API_URL: url, ...env });

describe('preflight: Telegram', () => {
  it('is the stand-in by default outside production, off without a token in production', async () => {
    expect((await telegramLine(loadConfig({ NODE_ENV: 'development' }))).status).toBe('sim');
    expect((await telegramLine(loadConfig({ NODE_ENV: 'production' }))).status).toBe('off');
  });

  it('proves the token with getMe, and checks the bot name, the secret and the public address', async () => {
    const good = { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: 's3cret_ok' };
    const ok = await telegramLine(config(good));
    expect(ok).toMatchObject({ status: 'ok' });
    expect(ok.detail).toContain('@AngkorMallBot');
    expect((await telegramLine(config({ ...good, TELEGRAM_BOT_TOKEN: '1:wrong' }))).detail).toContain('401');
    expect((await telegramLine(config({ ...good, TELEGRAM_BOT_NAME: 'OtherBot' }))).status).toBe('fail');
    expect((await telegramLine(config({ ...good, TELEGRAM_WEBHOOK_SECRET: 'has space' }))).status).toBe('fail');
    expect((await telegramLine(config({ ...good, PUBLIC_URL: 'http://shop.example' }))).status).toBe('fail');
  });
});
