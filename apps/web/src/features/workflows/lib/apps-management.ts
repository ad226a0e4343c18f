import type { TIssue } from '../../../lib/http.ts';

/* Helpers of the connected-apps screen: logos, URLs and the server's field errors. */

/** Initials for an app without a logo image: "Acme Ledger" → "AL", "Stripe" → "ST". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words[1]?.[0]] : [...(words[0] ?? '')].slice(0, 2);
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** Dark shades only: white initials on them stay readable (WCAG AA). */
const AVATAR_COLORS = ['blue.8', 'violet.8', 'teal.9', 'grape.8', 'indigo.8', 'cyan.9', 'orange.9', 'pink.8'];
/** The same name always gets the same colour. */
export function avatarColorOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length] as string;
}

/** A logo is shown as an image only when it is an http(s) or data: image URL. */
export const isImageUrl = (logo: string | null | undefined): logo is string =>
  !!logo && /^(https?:\/\/\S|data:image\/)/i.test(logo.trim());

/** What the server accepts as a URL here: http or https with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/**
 * A 422's issues on the form's fields: each issue goes to the field its `loc` names (the last
 * element that is one of `fields`, e.g. ["body", "baseUrl"] → baseUrl); the rest stay general.
 */
export function fieldErrorsOf(
  issues: TIssue[],
  fields: ReadonlySet<string>,
): { fields: Record<string, string>; general: string[] } {
  const out: Record<string, string> = {};
  const general: string[] = [];
  for (const issue of issues) {
    const field = [...(issue.loc ?? [])]
      .reverse()
      .find((l): l is string => typeof l === 'string' && fields.has(l));
    if (!field) general.push(issue.msg);
    else out[field] = out[field] ? `${out[field]}; ${issue.msg}` : issue.msg;
  }
  return { fields: out, general };
}
