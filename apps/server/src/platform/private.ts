import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The console's paths (`/admin`, `/admin/…`, `/admin-api/…`) however a client spells them:
 * percent-encoded, in capitals, with doubled slashes or dot segments. Undecodable paths count as
 * the console's (refused rather than guessed).
 */
export function isConsolePath(url: string): boolean {
  const raw = url.split('?')[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return /admin/i.test(raw);
  }
  const segments: string[] = [];
  for (const segment of path.toLowerCase().split(/[/\\]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments[0] === 'admin' || segments[0] === 'admin-api';
}

/** A matcher of addresses and CIDR ranges (config's `addressList`); IPv4-mapped IPv6 is read as IPv4. */
export function addressMatcher(list: readonly string[]): (address: string) => boolean {
  const blocks = new BlockList();
  for (const item of list) {
    const [address = '', bits] = item.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else blocks.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const version = isIP(plain);
    return version !== 0 && blocks.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * ADMIN_ALLOW: the console and its API answer only clients of the listed addresses (as TRUST_PROXY
 * resolves them); anyone else gets the shop's 404, as for a page that does not exist. The proxy
 * holds the same list (deploy/haproxy.cfg); this is the process's own guard behind it.
 */
export function installConsoleAllowList(app: FastifyInstance, allow: readonly string[]) {
  const allowed = addressMatcher(allow);
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? '';
    if ((isConsolePath(route) || isConsolePath(request.url)) && !allowed(request.ip))
      return done(new AppError('SYS00002'));
    done();
  });
}
