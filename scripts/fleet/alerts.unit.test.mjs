// Alarms reach someone (issue 45, point 4): deploy/alerts.yml's rules as Prometheus evaluates them
// (promtool's rule tests), and an alarm delivered end to end: Debian's Prometheus evaluates the
// rules on a process that does not answer, Debian's Alertmanager routes it (deploy/alertmanager.yml)
// to a webhook, here the test's own receiver.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ALERTMANAGER,
  alertmanagerConfig,
  freePort,
  PROMETHEUS,
  root,
  sleep,
  startAlertmanager,
  startPrometheus,
  waitFor,
} from './parts.mjs';

const PROMTOOL = '/usr/bin/promtool';
const dir = mkdtempSync(path.join(tmpdir(), 'alerts-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deploy/alertmanager.yml', () => {
  it('routes every alarm to the operators; the fleet fills in its webhook', () => {
    const config = parse(alertmanagerConfig({ webhookUrl: 'http://127.0.0.1:1/hook' }));
    expect(config.route.receiver).toBe('operators');
    expect(config.receivers).toEqual([
      { name: 'operators', webhook_configs: [{ url: 'http://127.0.0.1:1/hook', send_resolved: true }] },
    ]);
    const shipped = parse(readFileSync(path.join(root, 'deploy/alertmanager.yml'), 'utf8'));
    expect(shipped.receivers.map((receiver) => receiver.name)).toContain(shipped.route.receiver);
  });
});

describe.skipIf(!existsSync(PROMTOOL))('deploy/alerts.yml in Prometheus', () => {
  it('an error ratio with no errors is 0, not empty; errors past 1% for 5 minutes are an alarm', () => {
    const tests = {
      rule_files: [path.join(root, 'deploy/alerts.yml')],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: [
            // 60 requests a minute, none of them failed: no 5xx series at all.
            {
              series: 'shop_http_request_duration_seconds_count{method="GET",route="/v1/x",status="200",instance="a"}',
              values: '0+60x20',
            },
          ],
          promql_expr_test: [
            {
              expr: 'shop:http_error_ratio:rate5m',
              eval_time: '10m',
              exp_samples: [{ labels: 'shop:http_error_ratio:rate5m', value: 0 }],
            },
          ],
          alert_rule_test: [{ alertname: 'ShopErrors', eval_time: '15m', exp_alerts: [] }],
        },
        {
          interval: '1m',
          input_series: [
            {
              series: 'shop_http_request_duration_seconds_count{method="GET",route="/v1/x",status="200",instance="a"}',
              values: '0+90x20',
            },
            {
              series: 'shop_http_request_duration_seconds_count{method="GET",route="/v1/x",status="500",instance="a"}',
              values: '0+10x20',
            },
            { series: 'up{job="shop",instance="b"}', values: '1 1 0 0 0 0' },
          ],
          promql_expr_test: [
            {
              expr: 'shop:http_error_ratio:rate5m',
              eval_time: '10m',
              exp_samples: [{ labels: 'shop:http_error_ratio:rate5m', value: 0.1 }],
            },
          ],
          alert_rule_test: [
            {
              alertname: 'ShopErrors',
              eval_time: '15m',
              exp_alerts: [
                {
                  exp_labels: {},
                  exp_annotations: {
                    summary:
                      "more than 1% of answers are 5xx (SYS00004): look for 'request failed' in the logs by request id",
                  },
                },
              ],
            },
            {
              alertname: 'ShopProcessDown',
              eval_time: '4m',
              exp_alerts: [
                {
                  exp_labels: { job: 'shop', instance: 'b' },
                  exp_annotations: {
                    summary: 'b has not answered Prometheus for a minute (crashed, or its machine is gone)',
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    const file = path.join(dir, 'alerts.test.yml');
    writeFileSync(file, JSON.stringify(tests));
    const out = execFileSync(PROMTOOL, ['test', 'rules', file], { encoding: 'utf8' });
    expect(out).toContain('SUCCESS');
  });
});

describe.skipIf(!existsSync(PROMETHEUS.binary) || !existsSync(ALERTMANAGER.binary))('an alarm delivered', () => {
  it('a process that does not answer: Prometheus fires ShopProcessDown, Alertmanager sends it to the webhook', async () => {
    const received = [];
    const receiver = http
      .createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          received.push(JSON.parse(body));
          response.end('ok');
        });
      })
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => receiver.once('listening', resolve));
    // The shipped rules, their waits (`for`) shortened so the test does not wait a minute.
    const rules = path.join(dir, 'alerts.yml');
    writeFileSync(
      rules,
      readFileSync(path.join(root, 'deploy/alerts.yml'), 'utf8').replace(/^(\s+)for: \S+$/gm, '$1for: 1s'),
    );
    const ports = { alertmanager: await freePort(), prometheus: await freePort(), dead: await freePort() };
    const alertmanager = startAlertmanager({
      dir: path.join(dir, 'alertmanager'),
      port: ports.alertmanager,
      webhookUrl: `http://127.0.0.1:${receiver.address().port}/hook`,
      groupWait: '1s',
      logFile: path.join(dir, 'alertmanager.log'),
    });
    const prometheus = startPrometheus({
      dir: path.join(dir, 'prometheus'),
      port: ports.prometheus,
      // A shop process that does not answer (nothing listens there).
      shops: [`127.0.0.1:${ports.dead}`],
      haproxyStats: `127.0.0.1:${ports.dead}`,
      alertmanager: `127.0.0.1:${ports.alertmanager}`,
      rules,
      interval: '1s',
      logFile: path.join(dir, 'prometheus.log'),
    });
    try {
      await waitFor(`http://127.0.0.1:${ports.alertmanager}/-/ready`, 30_000, alertmanager.child);
      await waitFor(`http://127.0.0.1:${ports.prometheus}/-/ready`, 30_000, prometheus.child);
      const delivered = () =>
        received.flatMap((message) => message.alerts).find((alert) => alert.labels.alertname === 'ShopProcessDown');
      for (let i = 0; i < 450 && !delivered(); i++) await sleep(100);
      expect(delivered()).toMatchObject({
        status: 'firing',
        labels: { alertname: 'ShopProcessDown', job: 'shop', instance: `127.0.0.1:${ports.dead}` },
      });
    } finally {
      await prometheus.stop();
      await alertmanager.stop();
      receiver.close();
    }
  }, 120_000);
});
