// The front door (issue 48, front-door.ts): a public read's ready bytes answered before Fastify
// routes the request, over real HTTP (inject never reaches the server's handler). What Fastify's
// hooks do for every request it must do too: the same bytes and headers, the flood guard by the
// address TRUST_PROXY gives, the request metrics and log; and it must step aside for a
// revalidation, an operator's change and an answer the service no longer keeps.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { smallCatalogue } from '../modules/catalogue/fixtures.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET on a connection of its own, with exactly these headers. */
function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { apptype: 'h5', appversion: '1.0', ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function listening(shop: TestShop): Promise<string> {
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = shop.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

const metric = async (shop: TestShop, pattern: RegExp) =>
  Number(pattern.exec((await shop.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? 0);
const frontAnswers = (shop: TestShop) => metric(shop, /^shop_front_door_answers_total (\d+)$/m);
const DETAIL_ROUTE = '/v1/product/queryproductitemsinproduct';
const detailCount = (shop: TestShop) =>
  metric(
    shop,
    new RegExp(
      `^shop_http_request_duration_seconds_count\\{method="GET",route="${DETAIL_ROUTE}",status="200"\\} (\\d+)$`,
      'm',
    ),
  );

describe('the front door, behind a proxy the shop trusts', () => {
  let shop: TestShop;
  let base: string;
  let detail: string;

  beforeAll(async () => {
    shop = await startTestShop({ trustProxy: ['127.0.0.1'], rateLimitPerMinute: 30 });
    const { phone } = await smallCatalogue(shop.services);
    detail = `${DETAIL_ROUTE}?productItemId=${phone.itemIds[0]}`;
    base = await listening(shop);
  }, 120_000);
  afterAll(async () => shop?.close());

  /** A phone through the proxy (its own address in X-Forwarded-For: its own flood count). */
  const phone = (client: string, headers: Record<string, string> = {}) => ({
    'x-forwarded-for': client,
    'accept-encoding': 'gzip, deflate, br',
    language: 'en-US',
    ...headers,
  });

  it('answers a page asked again with the bytes and headers the route gave, counted and logged as a request', async () => {
    const asked = phone('198.51.100.1');
    const first = await get(base, detail, asked);
    const [served, counted] = [await frontAnswers(shop), await detailCount(shop)];
    const again = await get(base, detail, { ...asked, 'x-request-id': 'front-door-test-0001' });
    expect(await frontAnswers(shop)).toBe(served + 1);
    expect(await detailCount(shop)).toBe(counted + 1);

    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    for (const name of [
      'etag',
      'vary',
      'content-type',
      'content-encoding',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'strict-transport-security',
      'cross-origin-resource-policy',
    ])
      expect([name, again.headers[name]]).toEqual([name, first.headers[name]]);
    expect(first.headers['content-encoding']).toBe('br');
    expect(again.headers['content-length']).toBe(String(again.body.length));
    expect(again.headers['transfer-encoding']).toBeUndefined();
    expect(again.headers['x-request-id']).toBe('front-door-test-0001');
    const completed = shop.logs.find(
      (line) => line.reqId === 'front-door-test-0001' && line.msg === 'request completed',
    ) as { res?: { statusCode?: number } } | undefined;
    expect(completed?.res?.statusCode).toBe(200);
    const incoming = shop.logs.find(
      (line) => line.reqId === 'front-door-test-0001' && line.msg === 'incoming request',
    ) as { req?: { ip?: string; url?: string } } | undefined;
    expect(incoming?.req).toMatchObject({ ip: '198.51.100.1', url: detail });
  });

  it('keeps each language and coding apart: the header, the cookie, plain JSON', async () => {
    const client = '198.51.100.2';
    const pairs = [
      phone(client, { language: 'kh' }),
      phone(client, { language: '', cookie: 'language=chs' }),
      phone(client, { 'accept-encoding': 'identity' }),
    ];
    const firsts = [];
    for (const headers of pairs) firsts.push(await get(base, detail, headers));
    const served = await frontAnswers(shop);
    for (const [k, headers] of pairs.entries()) {
      const again = await get(base, detail, headers);
      expect(again.body.equals(firsts[k].body)).toBe(true);
      expect(again.headers.vary).toBe(firsts[k].headers.vary);
    }
    expect(await frontAnswers(shop)).toBe(served + pairs.length);
    expect(firsts[1].headers.vary).toBe('accept-encoding, language, cookie');
    const plain = JSON.parse(firsts[2].body.toString('utf8')) as { msg: string };
    expect(firsts[2].headers['content-encoding']).toBeUndefined();
    expect(plain.msg).toBeTruthy();
    expect(new Set(firsts.map((answer) => answer.headers.etag)).size).toBe(3);
  });

  it('leaves a revalidation to the route (304)', async () => {
    const asked = phone('198.51.100.3');
    const first = await get(base, detail, asked);
    const served = await frontAnswers(shop);
    const revalidated = await get(base, detail, { ...asked, 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(await frontAnswers(shop)).toBe(served);
  });

  it("stops serving a page at an operator's change, and once the service no longer keeps it", async () => {
    const asked = phone('198.51.100.4');
    await get(base, detail, asked);
    await get(base, detail, asked);
    const served = await frontAnswers(shop);
    shop.services.catalogue.invalidate();
    const afterChange = await get(base, detail, asked);
    expect(afterChange.status).toBe(200);
    expect(await frontAnswers(shop)).toBe(served);
    // The service keeps a page 3 s (shared.ts); its ready bytes no longer than the page.
    await get(base, detail, asked);
    expect(await frontAnswers(shop)).toBe(served + 1);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    await get(base, detail, asked);
    expect(await frontAnswers(shop)).toBe(served + 1);
  });

  it("counts its answers against the client's limit; over it, the route says so in the caller's language", async () => {
    const asked = phone('198.51.100.5', { language: 'kh' });
    const statuses: number[] = [];
    let refused: Answer | undefined;
    const served = await frontAnswers(shop);
    for (let i = 0; i < 34; i++) {
      const answer = await get(base, detail, asked);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429]);
    expect(await frontAnswers(shop)).toBeGreaterThanOrEqual(served + 28);
    const body = JSON.parse((refused as Answer).body.toString('utf8')) as { code: string; msg: string };
    expect(body.code).toBe('SYS00003');
    expect(body.msg).toMatch(/[\u1780-\u17FF]/);
    // Another client through the same proxy is not held back.
    expect((await get(base, detail, phone('198.51.100.6'))).status).toBe(200);
  });
});

describe('the front door, with no proxy trusted', () => {
  let shop: TestShop;
  let base: string;
  let detail: string;

  beforeAll(async () => {
    shop = await startTestShop({ trustProxy: false, rateLimitPerMinute: 20, logLevel: 'warn' });
    const { phone } = await smallCatalogue(shop.services);
    detail = `${DETAIL_ROUTE}?productItemId=${phone.itemIds[0]}`;
    base = await listening(shop);
  }, 120_000);
  afterAll(async () => shop?.close());

  it('counts the connection\'s address whatever X-Forwarded-For says, and logs no request at "warn"', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++)
      statuses.push((await get(base, detail, { 'x-forwarded-for': `203.0.113.${i + 1}`, language: 'en-US' })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(await frontAnswers(shop)).toBeGreaterThanOrEqual(18);
    expect(shop.logs.filter((line) => line.msg === 'request completed')).toHaveLength(0);
  });
});
