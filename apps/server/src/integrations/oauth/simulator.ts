import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Grant = {
  clientId: string;
  redirectUri: string;
  nonce: string;
  subject: string;
  name: string;
  email: string;
  expiresAt: number;
};

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A small OpenID Connect provider (the local stand-in for Facebook, Google and WeChat, DESIGN §7):
 * authorize (a consent page), token (authorization code → access token + RS256 id_token),
 * userinfo and jwks. It lives outside the shop's database, like the real party, and is slow
 * and strict like one: codes are single use and expire, the client secret and redirect URI are checked.
 */
export function createOidcSimulator(options: {
  issuer: (req: IncomingMessage) => string;
  clients: Record<string, string>;
  delayMs?: number;
}) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('base64url')
    .slice(0, 16);
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();

  function idToken(iss: string, g: Grant): string {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = `${enc({ alg: 'RS256', typ: 'JWT', kid })}.${enc({ iss, sub: g.subject, aud: g.clientId, iat: now, exp: now + 600, nonce: g.nonce, name: g.name, email: g.email })}`;
    return `${body}.${sign('RSA-SHA256', Buffer.from(body), privateKey).toString('base64url')}`;
  }

  /** Sends a JSON answer; true = handled. */
  const json = (res: ServerResponse, status: number, body: unknown): true => {
    res
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));
    return true;
  };

  async function readForm(req: IncomingMessage, body?: string): Promise<URLSearchParams> {
    if (body !== undefined) return new URLSearchParams(body);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return new URLSearchParams(raw);
  }

  /** Handles `path` (after the provider's base), e.g. "/authorize". Returns false when not ours. */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    body?: string,
  ): Promise<boolean> {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const iss = options.issuer(req);
    if (path === '/.well-known/openid-configuration') {
      json(res, 200, {
        issuer: iss,
        authorization_endpoint: `${iss}/authorize`,
        token_endpoint: `${iss}/token`,
        userinfo_endpoint: `${iss}/userinfo`,
        jwks_uri: `${iss}/jwks`,
      });
      return true;
    }
    if (path === '/jwks') {
      json(res, 200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] });
      return true;
    }
    if (path === '/authorize' || path === '/connect/qrconnect') {
      // WeChat names the client "appid".
      const clientId = query.get('client_id') ?? query.get('appid') ?? '';
      const redirectUri = query.get('redirect_uri') ?? '';
      if (
        !(clientId in options.clients) ||
        !/^https?:\/\//.test(redirectUri) ||
        query.get('response_type') !== 'code'
      ) {
        json(res, 400, { error: 'invalid_request' });
        return true;
      }
      // The consent step: the person picks the account to continue with.
      const account = query.get('login_hint');
      if (req.method === 'GET' && !account) {
        const page = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in</title>
<style>body{font-family:sans-serif;margin:0;padding:24px;background:#f5f5f5}form{background:#fff;border-radius:12px;padding:20px}button{width:100%;padding:14px;margin-top:12px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px}input{width:100%;box-sizing:border-box;padding:12px;font-size:16px}</style></head>
<body><form method="GET"><h1>Test identity provider</h1><p>Continue to the shop as:</p>
${[...query.entries()].map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`).join('')}
<input name="login_hint" value="Sokha Chan" aria-label="name"><button type="submit" id="oidc-continue">Continue</button></form></body></html>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
        return true;
      }
      const name = String(account || 'Test User');
      const code = randomBytes(16).toString('base64url');
      codes.set(code, {
        clientId,
        redirectUri,
        nonce: query.get('nonce') ?? '',
        subject: createHash('sha256').update(`${clientId}:${name}`).digest('hex').slice(0, 20),
        name,
        email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
        expiresAt: Date.now() + 60_000,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return true;
    }
    if (path === '/token' && req.method === 'POST') {
      const form = await readForm(req, body);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const clientId = form.get('client_id') ?? '';
      if (form.get('grant_type') !== 'authorization_code' || !grant || grant.expiresAt < Date.now())
        return json(res, 400, { error: 'invalid_grant' });
      if (grant.clientId !== clientId || options.clients[clientId] !== form.get('client_secret'))
        return json(res, 401, { error: 'invalid_client' });
      if (grant.redirectUri !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant' });
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, grant);
      json(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 600,
        id_token: idToken(iss, grant),
      });
      return true;
    }
    // WeChat's variant: GET token with appid/secret, errors as HTTP 200 with errcode; userinfo by openid.
    if (path === '/sns/oauth2/access_token') {
      const grant = codes.get(query.get('code') ?? '');
      codes.delete(query.get('code') ?? '');
      const appid = query.get('appid') ?? '';
      if (!grant || grant.expiresAt < Date.now() || grant.clientId !== appid)
        return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
      if (options.clients[appid] !== query.get('secret'))
        return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, grant);
      json(res, 200, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: `o${grant.subject}`,
        scope: 'snsapi_login',
        unionid: `u${grant.subject}`,
      });
      return true;
    }
    if (path === '/sns/userinfo') {
      const grant = tokens.get(query.get('access_token') ?? '');
      if (!grant || query.get('openid') !== `o${grant.subject}`)
        return json(res, 200, { errcode: 40003, errmsg: 'invalid openid' });
      json(res, 200, {
        openid: `o${grant.subject}`,
        nickname: grant.name,
        sex: 0,
        headimgurl: '',
        unionid: `u${grant.subject}`,
      });
      return true;
    }
    if (path === '/userinfo') {
      const grant = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant) return json(res, 401, { error: 'invalid_token' });
      json(res, 200, { sub: grant.subject, name: grant.name, email: grant.email });
      return true;
    }
    return false;
  }

  return { handle };
}
