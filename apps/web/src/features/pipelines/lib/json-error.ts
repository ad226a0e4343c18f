/**
 * Where JSON text first goes wrong, and what was expected there. JSON.parse's messages differ by
 * engine and often give no position at all ("Unexpected token '}', ... is not valid JSON"), so a
 * small scanner of the JSON grammar finds the offending character itself.
 */
export interface TJsonError {
  offset: number;
  message: string;
}

export function findJsonError(text: string): TJsonError | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (expected: string): TJsonError => ({
    offset: i,
    message:
      i >= text.length
        ? `The JSON ends too early: expected ${expected}`
        : `Unexpected ${JSON.stringify(text[i])}: expected ${expected}`,
  });
  const literal = (word: string) => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return null;
    }
    return fail('a value');
  };
  const string = (): TJsonError | null => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return null;
      }
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) return fail('four hex digits after \\u');
          i += 5;
        } else if (i < text.length && '"\\/bfnrt'.includes(text[i]!)) i++;
        else return fail('an escape such as \\n or \\"');
      } else if (c < ' ') return fail('a closing quote before the line ends');
      else i++;
    }
    return fail('a closing quote');
  };
  const number = (): TJsonError | null => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m?.[0]) return fail('a value');
    i += m[0].length;
    return null;
  };
  const value = (depth: number): TJsonError | null => {
    ws();
    if (depth > 512) return fail('less deeply nested data');
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return null;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') return fail('a property name in double quotes');
        const e = string();
        if (e) return e;
        ws();
        if (text[i] !== ':') return fail("':' after the property name");
        i++;
        const v = value(depth + 1);
        if (v) return v;
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return null;
        }
        return fail("',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return null;
      }
      for (;;) {
        const v = value(depth + 1);
        if (v) return v;
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return null;
        }
        return fail("',' or ']'");
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return number();
  };
  const e = value(0);
  if (e) return e;
  ws();
  return i < text.length ? fail('nothing more after the JSON value') : null;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}
