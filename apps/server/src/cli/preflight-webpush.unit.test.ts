import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../platform/config.ts';
import { webPushLine } from './preflight-lines.ts';

const prod = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'production', ...env });

describe('preflight: web push', () => {
  it('is the stand-in outside production, off without keys in production', () => {
    expect(webPushLine(loadConfig({ NODE_ENV: 'development' })).status).toBe('sim');
    expect(webPushLine(prod({}))).toMatchObject({ status: 'off' });
  });

  it('checks that the two keys are one pair and the subject a contact', () => {
    const keys = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const ok = webPushLine(
      prod({
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@shop.example',
      }),
    );
    expect(ok).toMatchObject({ status: 'set' });
    expect(ok.detail).toContain('mailto:ops@shop.example');
    const mixed = webPushLine(
      prod({
        VAPID_PUBLIC_KEY: other.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@shop.example',
      }),
    );
    expect(mixed).toMatchObject({ status: 'fail' });
    expect(mixed.detail).toContain('not the public half');
    expect(webPushLine(prod({ VAPID_PUBLIC_KEY: keys.publicKey })).status).toBe('fail');
    const noContact = webPushLine(prod({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }));
    expect(noContact).toMatchObject({ status: 'fail' });
    expect(noContact.detail).toContain('VAPID_SUBJECT');
    expect(
      webPushLine(
        prod({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://shop.example' }),
      ).detail,
    ).toContain('65 bytes');
  });
});
