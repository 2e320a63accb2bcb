import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';

let shop: TestShop;
let editor: string;
let support: string;
const L = (en: string, chs = `${en}（中）`, kh = `${en} (ខ្មែរ)`) => ({ 'en-US': en, chs, kh });

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const by = { staffId: owner.id, login: 'owner' };
  const make = async (login: string, roles: ('catalogue' | 'support')[]) => {
    const m = await shop.services.staff.create({ login, displayName: login, password: 'Angkor2026pass', roles }, by);
    return (await shop.ctx.sessions.create('staff', m.id)).token;
  };
  editor = await make('cat.writer', ['catalogue']);
  support = await make('sup.reader', ['support']);
});
afterAll(() => shop.close());

const save = (key: string, body: Record<string, string>, token = editor) =>
  shop.call('POST', '/admin-api/v1/content/save', { token, body: { key, title: L('FAQ'), body } });

describe('content documents', () => {
  it('staff write Markdown in three languages; the shop reads sanitised HTML in the caller’s language', async () => {
    const written = await save('bongloy.faq', {
      'en-US': '## Fees\nNo **fee** for [top-up](/topup).\n\n<script>alert(1)</script><img src=x onerror="alert(2)">',
      chs: '## 费用\n充值**免费**。',
      kh: '## កម្រៃ\nមិនគិត**កម្រៃ**ទេ។',
    });
    expect(written.body.code).toBe('0');
    expect(written.body.data).toMatchObject({ key: 'bongloy.faq', updatedBy: 'cat.writer' });

    const en = await shop.call('GET', '/v1/content/document', { query: { key: 'bongloy.faq' } });
    expect(en.body.data.title).toBe('FAQ');
    expect(en.body.data.html).toContain('<h2>Fees</h2>');
    expect(en.body.data.html).toContain('<strong>fee</strong>');
    expect(en.body.data.html).toContain('<a href="/topup">top-up</a>');
    expect(en.body.data.html).not.toMatch(/script|onerror|alert/);

    const kh = await shop.call('GET', '/v1/content/document', { query: { key: 'bongloy.faq' }, language: 'kh' });
    expect(kh.body.data).toMatchObject({ title: 'FAQ (ខ្មែរ)', html: expect.stringContaining('<h2>កម្រៃ</h2>') });
    const chs = await shop.call('GET', '/v1/content/document', { query: { key: 'bongloy.faq' }, language: 'chs' });
    expect(chs.body.data.html).toContain('<strong>免费</strong>');
  });

  it('links and pictures keep only safe addresses', async () => {
    await save('kmf.aboutUs', {
      'en-US':
        '[a](javascript:alert(1)) [b](https://example.com/x) ![p](/v1/catalogue/image/3) ![q](http://evil.example/p.png) <a href="data:text/html,x">c</a>',
      chs: '关于',
      kh: 'អំពី',
    });
    const html = (await shop.call('GET', '/v1/content/document', { query: { key: 'kmf.aboutUs' } })).body.data.html;
    expect(html).not.toMatch(/javascript:|data:|http:\/\/evil/);
    expect(html).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">b</a>');
    expect(html).toContain('<img src="/v1/catalogue/image/3" alt="p" loading="lazy" />');
  });

  it('a key that does not exist or is malformed is a catalogue answer in the caller’s language', async () => {
    const missing = await shop.call('GET', '/v1/content/document', { query: { key: 'kmf.nothing' }, language: 'chs' });
    expect(missing.body).toMatchObject({ code: 'CNT00001', msg: '该页面暂不可用' });
    const bad = await shop.call('GET', '/v1/content/document', { query: { key: '../etc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SYS00001');
    expect((await save('NoNamespace', L('x'))).body.code).toBe('SYS00001');
    expect((await save('kmf.empty', { 'en-US': 'x', chs: '', kh: 'x' })).body.code).toBe('SYS00001');
  });

  it('the console lists, reads and previews; only catalogue staff write; a seed never overwrites staff’s words', async () => {
    const list = await shop.call('GET', '/admin-api/v1/content', { token: editor, query: { prefix: 'kmf.' } });
    // The loans module puts its kmf.* documents in place at start: the list holds them, by prefix.
    const keys = list.body.data.map((d: { key: string }) => d.key) as string[];
    expect(keys).toContain('kmf.aboutUs');
    expect(keys.every((key) => key.startsWith('kmf.'))).toBe(true);
    const one = await shop.call('GET', '/admin-api/v1/content/document', {
      token: editor,
      query: { key: 'bongloy.faq' },
    });
    expect(one.body.data.body.chs).toBe('## 费用\n充值**免费**。');
    const preview = await shop.call('POST', '/admin-api/v1/content/preview', {
      token: editor,
      body: { markdown: '*hi* <iframe src="https://x"></iframe>' },
    });
    expect(preview.body.data.html).toBe('<p><em>hi</em> </p>');
    expect((await save('kmf.x', L('x'), support)).body.code).toBe('STF00003');

    expect(await shop.services.content.provide('bongloy.faq', { title: L('Seeded'), body: L('seeded') })).toBe(false);
    expect((await shop.call('GET', '/v1/content/document', { query: { key: 'bongloy.faq' } })).body.data.title).toBe(
      'FAQ',
    );
    const audit = await shop.services.staff.auditList({ page: 1, size: 10, targetType: 'content' });
    expect(audit.list.map((a) => a.action)).toContain('content.create');
  });
});
