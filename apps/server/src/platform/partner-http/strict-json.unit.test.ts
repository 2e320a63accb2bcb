import { describe, expect, it } from 'vitest';
import { parseStrictJson, STRICT_JSON_MAX_DEPTH, StrictJsonError } from './strict-json.ts';

const duplicateOf = (text: string) => {
  try {
    parseStrictJson(text);
  } catch (error) {
    if (error instanceof StrictJsonError) return error.duplicate;
    throw error;
  }
  return 'parsed';
};

describe('strict JSON (the partners’ signed bodies)', () => {
  it('reads what JSON.parse reads, the same way', () => {
    for (const text of [
      '{"id":"e1","type":"card.issued","data":{"reference":"a:1","n":[1,-2.5e3,true,false,null,"x\\u0041\\n"]}}',
      ' [ ] ',
      '{}',
      '"\\ud83d\\ude00"',
      '0',
      '{"__proto__":{"polluted":1},"a":{"b":{"c":[{"d":"é"}]}}}',
    ])
      expect(parseStrictJson(text)).toEqual(JSON.parse(text));
    const own = parseStrictJson('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.hasOwn(own, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses a key named twice, at any depth and however it is spelt', () => {
    expect(duplicateOf('{"status":"FAILED","status":"SUCCESS"}')).toEqual({ key: 'status', path: '$' });
    expect(duplicateOf('{"data":{"reference":"a","reference":"b"}}')).toEqual({ key: 'reference', path: '$.data' });
    expect(duplicateOf('{"a":[{"k":1},{"k":1,"k":2}]}')).toEqual({ key: 'k', path: '$.a[1]' });
    expect(duplicateOf('{"type":"x","\\u0074ype":"y"}')).toEqual({ key: 'type', path: '$' });
    // The same key in two objects is not a duplicate.
    expect(duplicateOf('{"a":{"k":1},"b":{"k":1}}')).toBe('parsed');
  });

  it('refuses what is not JSON, as JSON.parse does, and nesting past its bound', () => {
    for (const text of [
      '',
      '{',
      '{"a":1,}',
      '[1,]',
      '{"a" 1}',
      "{'a':1}",
      '01',
      '1 2',
      'tru',
      '"a\tb"',
      '{"a":1}x',
      'NaN',
    ])
      expect(() => parseStrictJson(text), text).toThrow(StrictJsonError);
    const deep = `${'['.repeat(STRICT_JSON_MAX_DEPTH + 2)}${']'.repeat(STRICT_JSON_MAX_DEPTH + 2)}`;
    expect(() => parseStrictJson(deep)).toThrow(/nesting/);
    expect(() => parseStrictJson(`${'['.repeat(100_000)}`)).toThrow(StrictJsonError);
  });
});
