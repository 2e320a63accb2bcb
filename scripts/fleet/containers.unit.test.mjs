// Dockerfile and compose.yaml cannot be built here (no container daemon): what can be checked is
// that they are the fleet's layout and settings: the environment each shop service gets is a
// production configuration of the fleet's kind, the proxy is the fleet's configuration and knows
// exactly the shop services, Prometheus scrapes exactly them.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { productionProblems } from '../../apps/server/src/platform/production-check.ts';
import { root } from './parts.mjs';

const read = (file) => readFileSync(path.join(root, file), 'utf8');
const compose = parse(read('compose.yaml'), { merge: true });
const shops = Object.entries(compose.services).filter(([name]) => /^shop\d+$/.test(name));

/** compose's `${NAME:?…}` / `${NAME:-default}` with the operator's values. */
const interpolate = (value, values) =>
  String(value).replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name, fallback) => values[name] ?? fallback ?? '');
/** A service's environment as compose makes it: its env_file (.env) under its `environment`. */
function environmentOf(service, values) {
  return {
    ...(service.env_file ? values : {}),
    ...Object.fromEntries(Object.entries(service.environment).map(([key, value]) => [key, interpolate(value, values)])),
  };
}

/** .env.example's settings (KEY=value lines). */
const example = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
/** .env.example filled in as an operator would: a secret or a live https address for every empty line. */
const RSA_PUBLIC_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString()
  .trim()
  .replace(/\n/g, '\\n');
const filledIn = Object.fromEntries(
  Object.entries(example).map(([key, value]) => {
    if (value) return [key, value];
    if (/_URL$/.test(key)) return [key, `https://${key.toLowerCase().replace(/_/g, '-')}.partner.com.kh/api`];
    if (key === 'ADMIN_ALLOW') return [key, ''];
    // A key as PayWay sends it: a PEM public key, one line with \n for its breaks.
    if (key === 'PAYWAY_RSA_PUBLIC_KEY') return [key, RSA_PUBLIC_KEY];
    return [key, `${key.toLowerCase()}-${'Q7x'.repeat(12)}`];
  }),
);

describe('compose.yaml', () => {
  const secrets = filledIn;

  it('runs two shop services with the fleet process settings: production, behind a proxy, draining, on S3', () => {
    expect(shops.map(([name]) => name)).toEqual(['shop1', 'shop2']);
    for (const [, service] of shops) {
      const config = loadConfig(environmentOf(service, secrets));
      expect(config.production).toBe(true);
      // Only the proxy is believed: its fixed address on compose's network.
      expect(config.trustProxy).toEqual([compose.services.proxy.networks.default.ipv4_address]);
      expect(config.drainDelayMs).toBe(3000);
      expect(config.port).toBe(3000);
      expect(config.metrics).toEqual({ port: 9100, host: '0.0.0.0' });
      expect(config.apiDocs).toBe(false);
      expect(config.host).toBe('0.0.0.0');
      expect(config.databaseUrl).toBe(`postgres://shop:${secrets.POSTGRES_PASSWORD}@postgres:5432/shop`);
      expect(config.storage.kind).toBe('s3');
      expect(config.storage.s3).toMatchObject({
        endpoint: 'http://store:9000',
        bucket: 'shop-files',
        forcePathStyle: true,
      });
      expect(config.rateLimitPerMinute).toBe(1200);
      expect(config.paymentSecret).toBe(secrets.PAYMENT_SECRET);
      expect(config.payPasswordKey).toBe(secrets.PAY_PASSWORD_KEY);
      // An init process passes SIGTERM on; the drain (3 s + at most 10 s) fits in the time compose
      // gives before SIGKILL.
      expect(service.init).toBe(true);
      expect(Number.parseInt(service.stop_grace_period, 10)).toBeGreaterThan(13);
    }
  });

  it("the proxy runs the fleet's configuration, which names exactly the shop services; Prometheus scrapes them", () => {
    const proxy = compose.services.proxy;
    expect(proxy.volumes).toContain('./deploy/haproxy.compose.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(proxy.volumes).toContain('./deploy/errors:/usr/local/etc/haproxy/errors:ro');
    const servers = [...read('deploy/haproxy.compose.cfg').matchAll(/^\s+server (\S+) (\S+)$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(servers).toEqual(shops.map(([name]) => `${name} ${name}:3000`));
    expect(read('deploy/haproxy.compose.cfg')).toContain('http-check send meth GET uri /ready');
    const prometheus = parse(read('deploy/prometheus.yml'));
    const targets = Object.fromEntries(
      prometheus.scrape_configs.map((job) => [job.job_name, job.static_configs[0].targets]),
    );
    expect(targets.shop).toEqual(shops.map(([name]) => `${name}:9100`));
    expect(targets.haproxy).toEqual(['proxy:8404']);
  });
});

describe('compose.yaml an operator can start', () => {
  it('.env.example names every setting a production start needs: filled in, the shop finds nothing missing', () => {
    const [, service] = shops[0];
    const environment = environmentOf(service, filledIn);
    expect(productionProblems(loadConfig(environment), environment)).toEqual([]);
    // …and every setting compose itself requires is in it.
    const required = [...read('compose.yaml').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]);
    for (const name of new Set(required)) expect(Object.keys(example), name).toContain(name);
    for (const [, each] of shops) expect(each.env_file).toEqual([{ path: '.env', required: true }]);
  });

  it('without .env it refuses to start, naming the file', () => {
    for (const [name, value] of Object.entries(compose.services.shop1.environment))
      if (/SECRET|PASSWORD/.test(name) && value) expect(String(value), name).toMatch(/\$\{\w+:\?set \w+ in \.env/);
  });

  it('no password in the file, images pinned, an init process everywhere, Prometheus and Alertmanager inside only', () => {
    const text = read('compose.yaml');
    // Every password, key or secret is a ${…} from .env (or empty, to keep one away from a process).
    for (const [, service] of Object.entries(compose.services))
      for (const [name, value] of Object.entries(service.environment ?? {}))
        if (/PASSWORD|SECRET/.test(name)) expect(String(value), name).toMatch(/^(\$\{\w+:\?[^}]*\}|)$/);
    expect(text).not.toMatch(/postgres:\/\/\w+:(?!\$\{)[^@]+@/);
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image && !service.build)
        expect(service.image, name).toMatch(/:(v?\d+\.\d+\.\d+|\d+\.\d+(-\w+)?|RELEASE\.[\dT:-]+Z)$/);
      expect(service.init, name).toBe(true);
    }
    for (const name of ['prometheus', 'alertmanager']) expect(compose.services[name].ports, name).toBeUndefined();
    // MinIO's root account stays with MinIO and its setup step; the shops use their own key.
    expect(compose.services.shop1.environment.S3_ACCESS_KEY_ID).toBe('shop');
    expect(compose.services.shop1.environment.MINIO_ROOT_PASSWORD).toBe('');
    expect(compose.services['store-setup'].entrypoint.join('\n')).toMatch(/mc admin user add store shop/);
    const prometheus = parse(read('deploy/prometheus.yml'));
    expect(prometheus.alerting.alertmanagers[0].static_configs[0].targets).toEqual(['alertmanager:9093']);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('multi-stage on Node 24, production dependencies only, non-root, the built shop and console', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toMatch(/^node:24\.\d+\.\d+-/);
    expect(dockerfile).toMatch(/npm ci --omit=dev --workspace=@shop\/server/);
    expect(dockerfile).not.toMatch(/npm install/);
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const built of ['apps/server/dist', 'apps/web/dist', 'apps/admin/dist'])
      expect(dockerfile).toContain(`COPY --from=build /app/${built} ${built}`);
    expect(dockerfile).toMatch(
      /^CMD \["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "apps\/server\/dist\/main.mjs"\]$/m,
    );
  });
});
