import { createDecipheriv, createECDH, createHmac, createPublicKey, verify } from 'node:crypto';

/**
 * What a push service and a browser do with a push message, written from the RFCs (the stand-in's
 * half; the sending half is the `web-push` library): RFC 8292 (VAPID: the `Authorization: vapid
 * t=<JWT>, k=<key>` header, an ES256 JWT whose `aud` is the origin of the endpoint, `exp` at most
 * 24 hours ahead, and a `sub`), RFC 8188 (the `aes128gcm` content coding) and RFC 8291 (its keys
 * from ECDH with the subscription's key pair and its auth secret).
 */

const b64u = (buf: Buffer) => buf.toString('base64url');
const fromB64u = (s: string) => Buffer.from(s, 'base64url');

export class PushRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A new subscription key pair (P-256, what the browser keeps) and auth secret (16 bytes). */
export function newSubscriptionKeys(): { privateKey: string; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = Buffer.alloc(16);
  crypto.getRandomValues(auth);
  return {
    privateKey: b64u(Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex')),
    p256dh: b64u(ecdh.getPublicKey()),
    auth: b64u(auth),
  };
}

/** A P-256 public key (65 bytes, uncompressed) as a key object for verifying. */
function publicKeyOf(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new PushRefusal(401, 'k is not an uncompressed P-256 public key');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * RFC 8292 §3–4: the `vapid` scheme's `t` (an ES256 JWT) and `k` (the application server's public
 * key). Refused with 401 when the token is missing, not signed by `k`, for another origin, expired
 * or more than 24 hours ahead, or has no `sub`; 403 when `k` is not the key the subscription was
 * made with (`applicationServerKey`).
 */
export function verifyVapid(
  authorization: string | undefined,
  endpointOrigin: string,
  subscribedKey: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): VapidClaims & { key: string } {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new PushRefusal(401, 'no vapid authorization');
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const i = part.indexOf('=');
      return [part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim()];
    }),
  );
  const token = params.t ?? '';
  const key = params.k ?? '';
  const parts = token.split('.');
  if (parts.length !== 3 || !key) throw new PushRefusal(401, 'the vapid header needs t and k');
  const header = JSON.parse(fromB64u(parts[0]).toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new PushRefusal(401, 'the JWT is not ES256');
  const signature = fromB64u(parts[2]);
  const signed = verify(
    'sha256',
    Buffer.from(`${parts[0]}.${parts[1]}`),
    { key: publicKeyOf(fromB64u(key)), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) throw new PushRefusal(401, 'the JWT signature does not verify with k');
  const claims = JSON.parse(fromB64u(parts[1]).toString('utf8')) as Partial<VapidClaims>;
  const originOf = (u: unknown) => {
    try {
      return typeof u === 'string' ? new URL(u).origin : '';
    } catch {
      return '';
    }
  };
  // Compared as origins (`http://localhost:80` and `http://localhost` are one origin).
  if (!claims.aud || originOf(claims.aud) !== originOf(endpointOrigin))
    throw new PushRefusal(401, `aud is not ${endpointOrigin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new PushRefusal(401, 'the JWT expired');
  if (claims.exp > nowSeconds + 24 * 3600) throw new PushRefusal(401, 'exp is more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new PushRefusal(401, 'sub is not a mailto: or https: contact');
  if (key !== subscribedKey) throw new PushRefusal(403, 'k is not the key this subscription was made with');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, key };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291 §3.4 and RFC 8188 §2: decrypts an `aes128gcm` body with the subscription's private key
 * and auth secret. Header: salt (16) | record size (4) | key id length (1) | key id (the sender's
 * ephemeral public key, 65). Each record ends with a 16-byte tag; the plaintext ends in a padding
 * delimiter (2 in the last record, 1 before) and zeros.
 */
export function decryptAes128gcm(body: Buffer, subscription: { privateKey: string; p256dh: string; auth: string }) {
  if (body.length < 21 + 65 + 17) throw new PushRefusal(400, 'the body is too short for aes128gcm');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  if (idlen !== 65 || rs < 18) throw new PushRefusal(400, 'the aes128gcm header is malformed');
  const senderKey = body.subarray(21, 21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(fromB64u(subscription.privateKey));
  let secret: Buffer;
  try {
    secret = ecdh.computeSecret(senderKey);
  } catch {
    throw new PushRefusal(400, 'the key id is not a P-256 public key');
  }
  const uaPublic = fromB64u(subscription.p256dh);
  const prkKey = hmac(fromB64u(subscription.auth), secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonceBase = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, Math.min(offset + rs, records.length));
    const last = offset + rs >= records.length;
    const nonce = Buffer.from(nonceBase);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new PushRefusal(400, 'the payload does not decrypt with this subscription’s keys');
    }
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new PushRefusal(400, 'the record’s padding is wrong');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}
