// JSON as the partners' signed messages are read: RFC 8259 text, with no object naming one key twice.
// `JSON.parse` keeps the last of two equal keys while other parsers keep the first or refuse, so a
// signed body `{"status":"FAILED","status":"SUCCESS"}` could be read one way by the partner and the
// other by the shop. Such a body is refused before anything reads it. Keys are compared decoded
// (`"a"` and `"\u0061"` are one key). Nesting is bounded, so a deep body cannot exhaust the stack.

/** Why a text is not strict JSON; `duplicate` names the key and where it is (`$.data.reference`). */
export class StrictJsonError extends SyntaxError {
  readonly duplicate: { key: string; path: string } | null;

  constructor(message: string, duplicate: { key: string; path: string } | null = null) {
    super(message);
    this.name = 'StrictJsonError';
    this.duplicate = duplicate;
  }
}

export const STRICT_JSON_MAX_DEPTH = 64;

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** Parses `text` as `JSON.parse` does, refusing a duplicated key anywhere (`StrictJsonError`). */
export function parseStrictJson(text: string): unknown {
  let at = 0;
  const fail = (what: string): never => {
    throw new StrictJsonError(`not JSON: ${what} at ${at}`);
  };
  const space = () => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      at++;
    }
  };
  const string = (): string => {
    const start = at++;
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 0x22) {
        at++;
        // The token is checked above; JSON.parse decodes its escapes exactly as it would in a body.
        try {
          return JSON.parse(text.slice(start, at)) as string;
        } catch {
          return fail('a malformed string');
        }
      }
      if (c < 0x20) fail('a control character in a string');
      at += c === 0x5c ? 2 : 1;
    }
    return fail('an unterminated string');
  };
  const value = (path: string, depth: number): unknown => {
    if (depth > STRICT_JSON_MAX_DEPTH) fail(`nesting deeper than ${STRICT_JSON_MAX_DEPTH}`);
    space();
    const c = text[at];
    if (c === '{') {
      at++;
      const out: Record<string, unknown> = {};
      const seen = new Set<string>();
      space();
      if (text[at] === '}') {
        at++;
        return out;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('a key expected');
        const key = string();
        if (seen.has(key)) throw new StrictJsonError(`duplicated key "${key.slice(0, 60)}" in ${path}`, { key, path });
        seen.add(key);
        space();
        if (text[at] !== ':') fail('":" expected');
        at++;
        // An own property even for "__proto__", as JSON.parse makes it.
        Object.defineProperty(out, key, {
          value: value(`${path}.${key}`, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') {
          at++;
          return out;
        }
        fail('"," or "}" expected');
      }
    }
    if (c === '[') {
      at++;
      const out: unknown[] = [];
      space();
      if (text[at] === ']') {
        at++;
        return out;
      }
      for (;;) {
        out.push(value(`${path}[${out.length}]`, depth + 1));
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') {
          at++;
          return out;
        }
        fail('"," or "]" expected');
      }
    }
    if (c === '"') return string();
    LITERAL.lastIndex = at;
    const literal = LITERAL.exec(text);
    if (!literal) return fail('a value expected');
    at = LITERAL.lastIndex;
    return JSON.parse(literal[0]);
  };
  const result = value('$', 0);
  space();
  if (at !== text.length) fail('text after the value');
  return result;
}
