import { createRequire } from 'node:module';
import type { Match, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { FieldError } from '../../lib/errors.ts';

/**
 * One password policy for every path that sets a password (invite activation, reset, change,
 * seeded accounts), after NIST SP 800-63B §3.1.1.2: a length floor and a generous ceiling, no
 * composition rules, and a refusal of passwords that are common, breached or built from
 * context-specific words (the user's name and email, the product's name).
 *
 * zxcvbn's dictionaries (common and breached passwords, names, Wikipedia words) and its pattern
 * matchers (repeats, sequences, keyboard walks, dates, l33t) stand in for the "blocklist"; a
 * password it guesses in under 10^8 tries (score < 3) counts as on that list.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** NIST asks for at least 64; the contracts accept up to this many characters. */
export const PASSWORD_MAX_LENGTH = 256;
const MIN_SCORE = 3;

/**
 * Loaded on the first password checked, not at import: the dictionaries are ~25 MB of live heap
 * (measured), which every process that imports the app (job workers too) would otherwise carry,
 * and every full garbage collection would mark, though only password changes use them.
 */
let factory: ZxcvbnFactory | null = null;
function zxcvbn() {
  if (factory) return factory;
  const require = createRequire(import.meta.url);
  const core: typeof import('@zxcvbn-ts/core') = require('@zxcvbn-ts/core');
  const common: typeof import('@zxcvbn-ts/language-common') = require('@zxcvbn-ts/language-common');
  const en: typeof import('@zxcvbn-ts/language-en') = require('@zxcvbn-ts/language-en');
  factory = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: PASSWORD_MAX_LENGTH,
  });
  return factory;
}

export interface PasswordContext {
  email?: string;
  name?: string;
  productName?: string;
}

/** the words a password must not be built from, as zxcvbn "user inputs", tagged by where they came from */
function contextWords(ctx: PasswordContext) {
  const words = new Map<string, 'email' | 'name' | 'product'>();
  const add = (w: string | undefined, kind: 'email' | 'name' | 'product') => {
    const word = w?.trim().toLowerCase();
    if (word && word.length >= 3 && !words.has(word)) words.set(word, kind);
  };
  if (ctx.email) {
    const email = ctx.email.toLowerCase();
    const [local = '', domain = ''] = email.split('@');
    add(email, 'email');
    add(local, 'email');
    for (const part of local.split(/[^a-z0-9]+/)) add(part, 'email');
    add(domain.split('.')[0], 'email');
  }
  if (ctx.name) {
    add(ctx.name.replace(/\s+/g, ''), 'name');
    for (const part of ctx.name.split(/\s+/)) add(part, 'name');
  }
  add(ctx.productName, 'product');
  return words;
}

const CONTEXT_MESSAGE = {
  email: 'Do not use your email address in your password',
  name: 'Do not use your name in your password',
  product: 'Do not use the name of this application in your password',
} as const;

/** Why this password is refused, in words for the user; null when it is acceptable. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  const words = contextWords(ctx);
  if (ctx.email && password.toLowerCase().includes(ctx.email.toLowerCase())) return CONTEXT_MESSAGE.email;
  const result = zxcvbn().check(password, [...words.keys()]);
  if (result.score >= MIN_SCORE) return null;
  const personal = result.sequence.find(
    (m: Match) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs',
  );
  const kind = personal && 'matchedWord' in personal ? words.get(String(personal.matchedWord)) : undefined;
  if (kind) return CONTEXT_MESSAGE[kind];
  return (
    result.feedback.warning ?? 'This password is too easy to guess: use a longer phrase of unrelated words'
  );
}

/** Throws the 422 the API answers for a refused password, naming the field. */
export function assertPasswordAcceptable(field: string, password: string, ctx: PasswordContext) {
  const problem = passwordProblem(password, ctx);
  if (problem) throw new FieldError(['body', field], problem);
}
