/**
 * Syntax highlighting for the generated TypeScript and JSONata. @codemirror/lang-javascript is
 * not among the app's dependencies, and the generated code uses a small, known part of either
 * language, so a stream tokenizer (comments, strings, regexes, numbers, keywords, names) is
 * enough. Token names are CodeMirror's legacy style names, which the default highlight style
 * colours.
 */
import { StreamLanguage, type StringStream } from '@codemirror/language';

interface TState {
  inComment: boolean;
  /** a `/` here starts a regular expression rather than dividing */
  regexAllowed: boolean;
}

/** Reads the rest of a quoted string (the opening quote already read), escapes included. */
function readString(stream: StringStream, quote: string): void {
  let escaped = false;
  while (!stream.eol()) {
    const c = stream.next();
    if (c === quote && !escaped) return;
    escaped = !escaped && c === '\\';
  }
}

/** Reads the rest of a regex literal and its flags (the opening slash already read). */
function readRegex(stream: StringStream): void {
  let escaped = false;
  let inClass = false;
  while (!stream.eol()) {
    const c = stream.next();
    if (!escaped && c === '[') inClass = true;
    else if (!escaped && c === ']') inClass = false;
    else if (!escaped && !inClass && c === '/') break;
    escaped = !escaped && c === '\\';
  }
  stream.match(/^[a-z]*/);
}

function blockComment(stream: StringStream, state: TState): string {
  if (stream.skipTo('*/')) {
    stream.match('*/');
    state.inComment = false;
  } else stream.skipToEnd();
  return 'comment';
}

function language(opts: {
  name: string;
  keywords: ReadonlySet<string>;
  atoms: ReadonlySet<string>;
  lineComments: boolean;
  /** JSONata: `$name` variables and `name` in backticks */
  dollarVariables: boolean;
}) {
  return StreamLanguage.define<TState>({
    name: opts.name,
    startState: () => ({ inComment: false, regexAllowed: true }),
    token(stream, state) {
      if (state.inComment) return blockComment(stream, state);
      if (stream.eatSpace()) return null;
      if (opts.lineComments && stream.match('//')) {
        stream.skipToEnd();
        return 'comment';
      }
      if (stream.match('/*')) {
        state.inComment = true;
        return blockComment(stream, state);
      }
      const ch = stream.next() as string;
      const after = (style: string | null, regexAllowed: boolean) => {
        state.regexAllowed = regexAllowed;
        return style;
      };
      if (ch === '"' || ch === "'" || (ch === '`' && !opts.dollarVariables)) {
        readString(stream, ch);
        return after('string', false);
      }
      if (ch === '`') {
        readString(stream, ch);
        return after('propertyName', false);
      }
      if (ch === '/' && state.regexAllowed) {
        readRegex(stream);
        // 'string', not 'string-2': the default style's orange for the latter misses WCAG AA
        return after('string', false);
      }
      if (/\d/.test(ch)) {
        stream.match(/^[\d_]*(\.\d+)?([eE][+-]?\d+)?/);
        return after('number', false);
      }
      if (opts.dollarVariables && ch === '$') {
        stream.match(/^[\w$]*/);
        return after('variableName.special', false);
      }
      if (/[A-Za-z_$]/.test(ch)) {
        stream.match(/^[\w$]*/);
        const word = stream.current();
        if (opts.keywords.has(word)) return after('keyword', true);
        if (opts.atoms.has(word)) return after('atom', false);
        if (stream.peek() === '(') return after('variableName.function', false);
        if (/^[A-Z]/.test(word)) return after('typeName', false);
        return after('variableName', false);
      }
      // after a closing bracket a `/` divides; after any other punctuation it starts a regex
      return after(/[[({,;:=!&|?+\-*%<>~^]/.test(ch) ? 'operator' : null, !/[)\]}]/.test(ch));
    },
    languageData: { commentTokens: { block: { open: '/*', close: '*/' } } },
  });
}

export const typescriptLanguage = language({
  name: 'typescript',
  keywords: new Set([
    'as',
    'async',
    'await',
    'break',
    'const',
    'continue',
    'else',
    'export',
    'for',
    'from',
    'function',
    'if',
    'import',
    'in',
    'instanceof',
    'interface',
    'let',
    'new',
    'of',
    'readonly',
    'return',
    'type',
    'typeof',
  ]),
  atoms: new Set(['true', 'false', 'null', 'undefined', 'unknown', 'string', 'number', 'boolean', 'void']),
  lineComments: true,
  dollarVariables: false,
});

export const jsonataLanguage = language({
  name: 'jsonata',
  keywords: new Set(['function', 'and', 'or', 'in']),
  atoms: new Set(['true', 'false', 'null']),
  lineComments: false,
  dollarVariables: true,
});
