import { createPublicKey, type JsonWebKey, verify as verifySignature } from 'node:crypto';

export const OAUTH_PROVIDERS = ['facebook', 'google', 'wechat'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

/** One OAuth2 / OpenID Connect provider, from configuration. */
export type OAuthProviderConfig = {
  id: OAuthProviderId;
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent (may be relative for the local simulator). */
  authorizeUrl: string;
  tokenUrl: string;
  /** OAuth2 without OpenID (Facebook, WeChat): the profile comes from here. */
  userinfoUrl?: string;
  /** OpenID Connect: the id_token is checked against these. */
  issuer?: string;
  jwksUrl?: string;
  scope: string;
  /** The local simulator, not the real party. */
  simulated?: boolean;
  /** WeChat's own variant of OAuth2 (appid/secret, GET token, openid), else standard OAuth2 / OIDC. */
  protocol?: 'oidc' | 'wechat';
};

export type ThirdProfile = { subject: string; name: string; email: string | null };

export function authorizeUrl(p: OAuthProviderConfig, input: { state: string; nonce: string; redirectUri: string }): string {
  if (p.protocol === 'wechat') {
    const params = new URLSearchParams({
      appid: p.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: p.scope,
      state: input.state,
    });
    return `${p.authorizeUrl}?${params}#wechat_redirect`;
  }
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: input.redirectUri,
    scope: p.scope,
    state: input.state,
    nonce: input.nonce,
  });
  return `${p.authorizeUrl}${p.authorizeUrl.includes('?') ? '&' : '?'}${params}`;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Checks an RS256 id_token: signature by a key of the provider's JWKS, issuer, audience, expiry, nonce. */
export async function verifyIdToken(p: OAuthProviderConfig, idToken: string, nonce: string): Promise<Record<string, unknown>> {
  const [h, c, s] = idToken.split('.');
  if (!h || !c || !s) throw new Error('id_token is not a JWT');
  const header = b64json(h);
  if (header.alg !== 'RS256') throw new Error(`id_token alg ${String(header.alg)} not accepted`);
  if (!p.jwksUrl) throw new Error('provider has no jwks_uri');
  const jwks = (await (await fetch(p.jwksUrl, { signal: AbortSignal.timeout(10_000) })).json()) as {
    keys: (JsonWebKey & { kid?: string })[];
  };
  const jwk = jwks.keys.find((k) => !header.kid || k.kid === header.kid);
  if (!jwk) throw new Error('no key for id_token');
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (!verifySignature('RSA-SHA256', Buffer.from(`${h}.${c}`), key, Buffer.from(s, 'base64url'))) {
    throw new Error('id_token signature invalid');
  }
  const claims = b64json(c);
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (p.issuer && claims.iss !== p.issuer) throw new Error('id_token issuer mismatch');
  if (!aud.includes(p.clientId)) throw new Error('id_token audience mismatch');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now() - 60_000) throw new Error('id_token expired');
  if (claims.nonce !== nonce) throw new Error('id_token nonce mismatch');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('id_token without subject');
  return claims;
}

/**
 * WeChat website login: GET sns/oauth2/access_token with appid and secret (errors come as 200 with
 * `errcode`), then GET sns/userinfo with the access token and openid. The unionid, when the app has
 * one, is the same person across WeChat apps.
 */
async function exchangeWechat(p: OAuthProviderConfig, code: string): Promise<ThirdProfile> {
  const tokenUrl = `${p.tokenUrl}?${new URLSearchParams({ appid: p.clientId, secret: p.clientSecret, code, grant_type: 'authorization_code' })}`;
  const token = (await (await fetch(tokenUrl, { signal: AbortSignal.timeout(10_000) })).json()) as {
    access_token?: string;
    openid?: string;
    unionid?: string;
    errcode?: number;
    errmsg?: string;
  };
  if (token.errcode || !token.access_token || !token.openid)
    throw new Error(`wechat token: ${token.errcode ?? ''} ${token.errmsg ?? ''}`);
  if (!p.userinfoUrl) return { subject: token.unionid ?? token.openid, name: '', email: null };
  const infoUrl = `${p.userinfoUrl}?${new URLSearchParams({ access_token: token.access_token, openid: token.openid })}`;
  const info = (await (await fetch(infoUrl, { signal: AbortSignal.timeout(10_000) })).json()) as {
    openid?: string;
    unionid?: string;
    nickname?: string;
    errcode?: number;
  };
  if (info.errcode || info.openid !== token.openid) throw new Error(`wechat userinfo: ${info.errcode ?? 'openid mismatch'}`);
  return { subject: info.unionid ?? token.unionid ?? token.openid, name: info.nickname ?? '', email: null };
}

/** The authorization-code exchange, then the profile from the id_token or the userinfo endpoint. */
export async function exchangeCode(
  p: OAuthProviderConfig,
  input: { code: string; redirectUri: string; nonce: string },
): Promise<ThirdProfile> {
  if (p.protocol === 'wechat') return exchangeWechat(p, input.code);
  const response = await fetch(p.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: p.clientId,
      client_secret: p.clientSecret,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const token = (await response.json().catch(() => ({}))) as { access_token?: string; id_token?: string; error?: string };
  if (!response.ok || !token.access_token) throw new Error(`token endpoint: ${response.status} ${token.error ?? ''}`);
  let claims: Record<string, unknown> = {};
  if (token.id_token) claims = await verifyIdToken(p, token.id_token, input.nonce);
  if (p.userinfoUrl && (!claims.sub || !claims.name)) {
    const info = await fetch(p.userinfoUrl, {
      headers: { authorization: `Bearer ${token.access_token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!info.ok) throw new Error(`userinfo endpoint: ${info.status}`);
    const body = (await info.json()) as Record<string, unknown>;
    if (claims.sub && body.sub && body.sub !== claims.sub) throw new Error('userinfo subject mismatch');
    claims = { ...body, ...claims, sub: claims.sub ?? body.sub ?? body.id ?? body.openid };
  }
  const subject = claims.sub;
  if (typeof subject !== 'string' && typeof subject !== 'number') throw new Error('no subject from provider');
  return {
    subject: String(subject),
    name: typeof claims.name === 'string' ? claims.name : typeof claims.nickname === 'string' ? claims.nickname : '',
    email: typeof claims.email === 'string' ? claims.email : null,
  };
}

/**
 * Providers from the environment: `OAUTH_<P>_CLIENT_ID`, `_CLIENT_SECRET`, `_AUTHORIZE_URL`,
 * `_TOKEN_URL`, `_USERINFO_URL`, `_ISSUER`, `_JWKS_URL`, `_SCOPE` for P in FACEBOOK, GOOGLE, WECHAT.
 * Outside production, a provider without a client id is served by the local simulator.
 */
export function providersFromEnv(env: NodeJS.ProcessEnv, options: { production: boolean; port: number }): OAuthProviderConfig[] {
  const defaults: Record<OAuthProviderId, Partial<OAuthProviderConfig>> = {
    google: {
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      issuer: 'https://accounts.google.com',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      scope: 'openid profile email',
    },
    facebook: {
      authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
      scope: 'public_profile email',
    },
    wechat: {
      authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
      tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
      userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
      scope: 'snsapi_login',
    },
  };
  const list: OAuthProviderConfig[] = [];
  for (const id of OAUTH_PROVIDERS) {
    const P = `OAUTH_${id.toUpperCase()}_`;
    const clientId = env[`${P}CLIENT_ID`];
    if (clientId) {
      const d = defaults[id];
      list.push({
        id,
        clientId,
        clientSecret: env[`${P}CLIENT_SECRET`] ?? '',
        authorizeUrl: env[`${P}AUTHORIZE_URL`] ?? (d.authorizeUrl as string),
        tokenUrl: env[`${P}TOKEN_URL`] ?? (d.tokenUrl as string),
        userinfoUrl: env[`${P}USERINFO_URL`] ?? d.userinfoUrl,
        issuer: env[`${P}ISSUER`] ?? d.issuer,
        jwksUrl: env[`${P}JWKS_URL`] ?? d.jwksUrl,
        scope: env[`${P}SCOPE`] ?? (d.scope as string),
        protocol: id === 'wechat' ? 'wechat' : 'oidc',
      });
    } else if (!options.production && env.OAUTH_SIMULATOR !== '0') {
      list.push(simulatedProvider(id, `http://127.0.0.1:${options.port}`));
    }
  }
  return list;
}

/** A provider played by the local OpenID simulator mounted at `/dev/oidc/<id>` (or any base URL). */
export function simulatedProvider(id: OAuthProviderId, serverBase: string, browserBase = ''): OAuthProviderConfig {
  const path = `/dev/oidc/${id}`;
  if (id === 'wechat') {
    return {
      id,
      clientId: 'wxangkor0000000001',
      clientSecret: 'sim-secret-wechat',
      authorizeUrl: `${browserBase}${path}/connect/qrconnect`,
      tokenUrl: `${serverBase}${path}/sns/oauth2/access_token`,
      userinfoUrl: `${serverBase}${path}/sns/userinfo`,
      scope: 'snsapi_login',
      simulated: true,
      protocol: 'wechat',
    };
  }
  return {
    id,
    clientId: `angkor-${id}`,
    clientSecret: `sim-secret-${id}`,
    authorizeUrl: `${browserBase}${path}/authorize`,
    tokenUrl: `${serverBase}${path}/token`,
    userinfoUrl: `${serverBase}${path}/userinfo`,
    issuer: `${serverBase}${path}`,
    jwksUrl: `${serverBase}${path}/jwks`,
    scope: 'openid profile email',
    simulated: true,
  };
}
