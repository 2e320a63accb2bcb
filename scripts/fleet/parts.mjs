// The parts of a fleet on this machine (`npm run fleet`, `npm run test:fleet`): Debian's HAProxy
// and Prometheus, an S3-compatible store (s3rver), shop processes, and for the tests a PostgreSQL
// cluster of their own. Each start returns something with stop(); nothing here outlives its caller.
import { execFile, execFileSync, execSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * Installs Debian's packages for the binaries that are missing (as scripts/ensure-install.mjs does
 * for fonts): only what the fleet runs (no recommended packages), and their own services neither
 * started nor enabled at boot (the fleet runs its own, in the foreground).
 */
export function ensureDebianPackages(wanted) {
  const missing = wanted.filter(({ binary }) => !existsSync(binary));
  if (missing.length === 0) return;
  const names = missing.map(({ apt }) => apt).join(' ');
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`missing ${names}: install Debian's packages (apt-get install --no-install-recommends ${names})`);
  }
  console.log(`Installing ${names}…`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${names}`,
    {
      stdio: 'inherit',
      // Debian's packages would start their own service: policy-rc.d keeps them stopped.
      env: { ...process.env, RUNLEVEL: '1' },
    },
  );
  for (const { service } of missing) disableService(service);
}

/**
 * A package's own service, not enabled at boot (systemd's and SysV's links). `systemctl disable`
 * edits the links without a running systemd and hands SysV's to update-rc.d; deb-systemd-helper,
 * tried first before, refuses outside dpkg ("was not called from dpkg"), and its error skipped the
 * SysV step too. Each step is tried on its own: a machine may have either init.
 */
function disableService(service) {
  const quiet = { stdio: 'ignore' };
  const steps = [
    ['systemctl', ['disable', `${service}.service`], existsSync('/bin/systemctl') || existsSync('/usr/bin/systemctl')],
    ['update-rc.d', [service, 'disable'], existsSync(`/etc/init.d/${service}`)],
  ];
  for (const [command, args, present] of steps) {
    if (!present) continue;
    try {
      execFileSync(command, args, quiet);
    } catch {}
  }
}

/**
 * A shop built in this process on the fleet's settings (production, staging on this machine's
 * simulators), for the tests' fixtures and books: its services and `app.inject`, no port.
 */
export async function shopInProcess(databaseUrl, env) {
  const { loadConfig } = await import('../../apps/server/src/platform/config.ts');
  const { openDatabase } = await import('../../apps/server/src/platform/db.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const config = loadConfig({
    ...process.env,
    ...env,
    NODE_ENV: 'production',
    // The fleet on this machine runs the parties' simulators (docs/going-live.md, SHOP_STAGING).
    SHOP_STAGING: '1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });
  return buildApp(config, await openDatabase(config));
}

export const HAPROXY = { binary: '/usr/sbin/haproxy', apt: 'haproxy', service: 'haproxy' };
export const PROMETHEUS = { binary: '/usr/bin/prometheus', apt: 'prometheus', service: 'prometheus' };
export const ALERTMANAGER = {
  binary: '/usr/bin/prometheus-alertmanager',
  apt: 'prometheus-alertmanager',
  service: 'prometheus-alertmanager',
};

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 200, within `ms`. */
export async function waitFor(url, ms = 90_000, child) {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${ms / 1000} s`);
}

/** A child process with its output in `logFile`; stop() sends `signal` and waits for the exit. */
export function startChild(command, args, { env = {}, logFile, cwd = root } = {}) {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    async stop(signal = 'SIGTERM', ms = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** s3rver on `port`, its files in `dir`, with `bucket`. */
export async function startS3({ dir, port, bucket }) {
  const { default: S3rver } = await import('s3rver');
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    stop: () => server.close(),
  };
}

/**
 * One shop process as production runs it (the built bundle, NODE_ENV=production) behind the proxy:
 * it believes X-Forwarded-For from the proxy on this machine only (127.0.0.1) and drains for DRAIN_DELAY_MS on SIGTERM.
 */
export function startShop({
  name,
  port,
  metricsPort,
  env,
  logFile,
  main = path.join(root, 'apps/server/dist/main.mjs'),
}) {
  // V8's and glibc's settings as `npm start` and the image run it (decisions 0034, 0083).
  const shop = startChild(process.execPath, ['--max-semi-space-size=16', '--heap-growing-percent=50', main], {
    env: {
      NODE_ENV: 'production',
      // The fleet on this machine runs the parties' simulators (docs/going-live.md, SHOP_STAGING).
      SHOP_STAGING: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: '127.0.0.1',
      DRAIN_DELAY_MS: '3000',
      // Prometheus's page on a port of its own (never the one the proxy forwards to).
      ...(metricsPort ? { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } : {}),
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      // V8's compiled code of the bundle, shared by the processes and kept between their starts
      // (written once a process is ready, main.ts): a process started again skips compiling it.
      NODE_COMPILE_CACHE: path.join(root, 'node_modules/.cache/shop-server-compile'),
      ...env,
    },
    logFile,
  });
  return { ...shop, name, port, metricsPort, url: `http://127.0.0.1:${port}` };
}

/** HAProxy in the foreground on `configFile`. */
export function startHaproxy({ configFile, env, logFile }) {
  execFileSync(HAPROXY.binary, ['-c', '-q', '-f', configFile], { env: { ...process.env, ...env } });
  return { name: 'haproxy', ...startChild(HAPROXY.binary, ['-db', '-f', configFile], { env, logFile }) };
}

/** Prometheus scraping every shop process and the proxy (deploy/prometheus.yml filled in), alarms to `alertmanager`. */
export function startPrometheus({ dir, port, shops, haproxyStats, alertmanager, logFile, rules, interval }) {
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, prometheusConfig({ shops, haproxyStats, alertmanager, rules, interval }));
  const prometheus = startChild(
    PROMETHEUS.binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--storage.tsdb.retention.time=2d',
    ],
    { logFile },
  );
  return { name: 'prometheus', ...prometheus };
}

/** deploy/prometheus.yml's jobs for these processes (the compose file's are the same, by service name). */
export function prometheusConfig({
  shops,
  haproxyStats,
  alertmanager,
  rules = path.join(root, 'deploy/alerts.yml'),
  interval = '5s',
}) {
  const list = (targets) => targets.map((target) => `'${target}'`).join(', ');
  const alerting = alertmanager
    ? `alerting:
  alertmanagers:
    - static_configs:
        - targets: ['${alertmanager}']
`
    : '';
  return `# Filled in by scripts/fleet/parts.mjs from deploy/prometheus.yml's layout.
global:
  scrape_interval: ${interval}
  evaluation_interval: ${interval}
rule_files: ['${rules}']
${alerting}scrape_configs:
  - job_name: shop
    static_configs:
      - targets: [${list(shops)}]
  - job_name: haproxy
    static_configs:
      - targets: [${list([haproxyStats])}]
`;
}

/**
 * Alertmanager (Debian's) with deploy/alertmanager.yml's routing: every alarm to the webhook
 * `webhookUrl` (a chat bridge, a pager; the test's receiver), none when not given. Its own state in `dir`.
 */
export function startAlertmanager({ dir, port, webhookUrl, logFile, groupWait = '10s' }) {
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const configFile = path.join(dir, 'alertmanager.yml');
  writeFileSync(configFile, alertmanagerConfig({ webhookUrl, groupWait }));
  const alertmanager = startChild(
    ALERTMANAGER.binary,
    [
      `--config.file=${configFile}`,
      `--storage.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // One Alertmanager: no cluster to gossip with.
      '--cluster.listen-address=',
    ],
    { logFile },
  );
  return { name: 'alertmanager', ...alertmanager };
}

/** deploy/alertmanager.yml's routing with the fleet's receiver (a webhook; e-mail and Telegram: docs/operations.md). */
export function alertmanagerConfig({ webhookUrl, groupWait = '10s' }) {
  const template = readFileSync(path.join(root, 'deploy/alertmanager.yml'), 'utf8');
  const receiver = webhookUrl
    ? `  - name: operators\n    webhook_configs:\n      - url: '${webhookUrl}'\n        send_resolved: true\n`
    : '  - name: operators\n';
  return template
    .replace(/group_wait: \S+/, `group_wait: ${groupWait}`)
    .replace(/\nreceivers:\n[\s\S]*$/, `\nreceivers:\n${receiver}`);
}

/**
 * A PostgreSQL cluster of its own (Debian's binaries, run as the postgres user) on `port` in `dir`:
 * the fault test restarts it without touching the machine's server. Trust authentication, user root.
 */
export async function startOwnPostgres({ dir, port }) {
  const bin = execSync('ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1').toString().trim();
  const taken = await new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket.end() && true));
    socket.on('error', () => resolve(false));
  });
  if (taken) throw new Error(`port ${port} is taken (a cluster left behind?): FLEET_TEST_PG_PORT chooses another`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const uid = Number(execSync('id -u postgres').toString());
  const gid = Number(execSync('id -g postgres').toString());
  chownSync(dir, uid, gid);
  const asPostgres = (args) =>
    execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const data = path.join(dir, 'data');
  asPostgres([`${bin}/initdb`, '-D', data, '-U', 'root', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`;
  const ctl = (...args) => asPostgres([`${bin}/pg_ctl`, '-D', data, '-l', path.join(dir, 'log'), ...args]);
  ctl('-o', options, '-w', 'start');
  return {
    /** Debian's binaries of this version (pg_dump, pg_restore). */
    bin,
    url: (database) => `postgres://root@127.0.0.1:${port}/${database}`,
    /** Restarts the server (fast shutdown: connections are cut, as a crash or a failover does). */
    restart: () =>
      new Promise((resolve, reject) =>
        execFile(
          'runuser',
          [
            '-u',
            'postgres',
            '--',
            `${bin}/pg_ctl`,
            '-D',
            data,
            '-l',
            path.join(dir, 'log'),
            '-o',
            options,
            '-m',
            'fast',
            '-w',
            // On a busy machine its start took over pg_ctl's own 60 s.
            '-t',
            '180',
            'restart',
          ],
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    stop: () => {
      const pidFile = path.join(data, 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      try {
        ctl('-m', 'fast', '-w', 'stop');
      } catch {}
      // Whatever pg_ctl said, no server of this test outlives it.
      try {
        if (pid) process.kill(pid, 'SIGQUIT');
      } catch {}
      // The server may still be writing its last files as it exits.
      rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    },
  };
}

/** Creates `name` on the server of `adminUrl` when it is missing. */
export async function ensureDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
