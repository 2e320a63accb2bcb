// Dockerfile and compose.yaml cannot be built here (no container daemon): what can be checked is
// that they are the fleet's layout and settings: the environment each shop service gets is a
// production configuration of the fleet's kind, the proxy is the fleet's configuration and knows
// exactly the shop services, Prometheus scrapes exactly them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { root } from './parts.mjs';

const read = (file) => readFileSync(path.join(root, file), 'utf8');
const compose = parse(read('compose.yaml'), { merge: true });
const shops = Object.entries(compose.services).filter(([name]) => /^shop\d+$/.test(name));

/** compose's `${NAME:?…}` / `${NAME:-default}` with the operator's values. */
function environmentOf(service, values) {
  return Object.fromEntries(
    Object.entries(service.environment).map(([key, value]) => [
      key,
      String(value).replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name, fallback) => values[name] ?? fallback ?? ''),
    ]),
  );
}

describe('compose.yaml', () => {
  const secrets = {
    PAYMENT_SECRET: 'p'.repeat(32),
    PAY_PASSWORD_KEY: 'k'.repeat(32),
    FILE_LINK_SECRET: 'f'.repeat(32),
    CARRIER_SECRET: 'c'.repeat(32),
    S3_SECRET_ACCESS_KEY: 's'.repeat(32),
  };

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
      expect(config.databaseUrl).toBe('postgres://shop:shop@postgres:5432/shop');
      expect(config.storage.kind).toBe('s3');
      expect(config.storage.s3).toMatchObject({
        endpoint: 'http://store:9000',
        bucket: 'shop-files',
        forcePathStyle: true,
      });
      expect(config.rateLimitPerMinute).toBe(1200);
      expect(config.paymentSecret).toBe(secrets.PAYMENT_SECRET);
      expect(config.payPasswordKey).toBe(secrets.PAY_PASSWORD_KEY);
      // The drain (3 s + at most 10 s) fits in the time compose gives before SIGKILL.
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

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('multi-stage on Node 24, production dependencies only, non-root, the built shop and console', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toMatch(/^node:24-/);
    expect(dockerfile).toMatch(/npm install --omit=dev --workspace=@shop\/server/);
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const built of ['apps/server/dist', 'apps/web/dist', 'apps/admin/dist'])
      expect(dockerfile).toContain(`COPY --from=build /app/${built} ${built}`);
    expect(dockerfile).toMatch(/^CMD \["node", "--max-semi-space-size=16", "apps\/server\/dist\/main.mjs"\]$/m);
  });
});
