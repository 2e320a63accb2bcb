import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../paths.ts';
import { signatureOf, verifySigned } from './signing.ts';
import { parseStrictJson } from './strict-json.ts';

// The documents the shop publishes for its partners (docs/partners/*.yaml), as a partner builds
// from them: they pass Redocly's recommended rules (warnings included: redocly.yaml), every
// operation and webhook has an example that its own schema accepts, and each carries a signature
// test vector that the shop's signing code (signing.ts) makes and accepts.

type Json = any;
const PARTIES = ['card-issuer', 'lender', 'overseas-source'] as const;
const fileOf = (party: string) => path.join(repoRoot, 'docs/partners', `${party}.yaml`);
const documentOf = (party: string): Json => parse(readFileSync(fileOf(party), 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Each operation (paths and webhooks) with its JSON pointer. */
function operations(doc: Json): { name: string; pointer: string; op: Json }[] {
  const found: { name: string; pointer: string; op: Json }[] = [];
  for (const [kind, items] of [
    ['paths', doc.paths ?? {}],
    ['webhooks', doc.webhooks ?? {}],
  ] as const)
    for (const [key, item] of Object.entries<Json>(items))
      for (const method of METHODS)
        if (item[method])
          found.push({
            name: `${kind} ${key} ${method}`,
            pointer: `#/${kind}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
            op: item[method],
          });
  return found;
}

/** Follows a local `$ref` (`#/components/responses/Report`) to what it names, with its pointer. */
function resolve(doc: Json, node: Json, pointer: string): { node: Json; pointer: string } {
  if (!node?.$ref) return { node, pointer };
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, part: string) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return resolve(doc, target, node.$ref);
}

describe('the partner documents', () => {
  it('pass Redocly’s recommended rules: no error, no warning', () => {
    for (const party of PARTIES) {
      const run = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--format=json', fileOf(party)],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
          timeout: 60_000,
        },
      );
      const report = JSON.parse(run.stdout);
      const problems = (report.problems as Json[]).map(
        (p) => `${party}: ${p.ruleId} ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
      expect(run.status, run.stderr).toBe(0);
    }
  }, 120_000);

  it('give every operation and webhook an example, which its own schema accepts', () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    let checked = 0;
    for (const party of PARTIES) {
      const doc = documentOf(party);
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      (formats as unknown as { default: (a: unknown) => void }).default(ajv);
      ajv.addSchema(doc, 'doc');
      const check = (where: string, media: Json, pointer: string) => {
        const examples = [
          ...('example' in media ? [media.example] : []),
          ...Object.values<Json>(media.examples ?? {}).map((e) => e.value),
        ];
        if (!examples.length) missing.push(`${party}: ${where}`);
        for (const example of examples) {
          checked += 1;
          const validate = ajv.getSchema(`doc${pointer}/schema`) ?? ajv.compile({ $ref: `doc${pointer}/schema` });
          if (!validate(example)) invalid.push(`${party}: ${where}: ${ajv.errorsText(validate.errors)}`);
        }
      };
      for (const { name, pointer, op } of operations(doc)) {
        const body = op.requestBody?.content?.['application/json'];
        if (body) check(`${name} request`, body, `${pointer}/requestBody/content/application~1json`);
        const success = Object.entries<Json>(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        for (const [code, response] of success) {
          const { node, pointer: at } = resolve(doc, response, `${pointer}/responses/${code}`);
          const media = node?.content?.['application/json'];
          if (media) check(`${name} answer ${code}`, media, `${at}/content/application~1json`);
          else if (!body && name.startsWith('paths')) missing.push(`${party}: ${name} answer ${code} (no content)`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  }, 60_000);

  it('carry a signature test vector that the shop’s signing code makes and accepts', () => {
    for (const party of PARTIES) {
      const doc = documentOf(party);
      const vector = doc.components.securitySchemes.shopSignature['x-test-vector'];
      expect(vector, party).toMatchObject({
        key: expect.any(String),
        timestamp: expect.stringMatching(/^\d{10}$/),
        body: expect.any(String),
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const { key, timestamp, body, signature } = vector;
      expect(signatureOf(key, timestamp, body), party).toBe(signature);
      const at = Number(timestamp) * 1000;
      expect(verifySigned(key, { timestamp, signature }, body, at), party).toBe('ok');
      // One byte changed, or another key, or an hour later: refused as the document says.
      expect(verifySigned(key, { timestamp, signature }, `${body} `, at)).toBe('bad-signature');
      expect(verifySigned(`${key}x`, { timestamp, signature }, body, at)).toBe('bad-signature');
      expect(verifySigned(key, { timestamp, signature }, body, at + 3_600_000)).toBe('outside-window');
      // The body is one of the document's webhooks as its example gives it, and strict JSON.
      const event = parseStrictJson(body) as { type: string };
      const example = doc.webhooks[event.type]?.post?.requestBody?.content?.['application/json']?.example;
      expect(event, party).toEqual(example);
    }
  }, 60_000);
});
