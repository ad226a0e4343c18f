/**
 * One source field feeding several targets and several feeding one: a whole person name split into
 * first / middle / last / suffix (`name` transform), and the parts of a postal address joined into
 * one line (`concat`). Proposed from the target's words (name and description) and the source's
 * values, never from a list of known column names.
 */
import { type NamePart, nameParts } from '../mapper/parts.ts';
import { normalizeText } from '../values/normalize.ts';
import type { SourceFeature, TargetFeature } from './features.ts';
import { splitWords } from './names.ts';
import type { Raw } from './synthesize.ts';

/**
 * Words that name a part of a person's name (general English; `forename`, `surname`, `given
 * name` and `family name` as in HL7 FHIR HumanName and vCard N).
 */
const PART_WORDS: Record<string, NamePart> = {
  first: 'first',
  given: 'first',
  forename: 'first',
  firstname: 'first',
  givenname: 'first',
  fname: 'first',
  middle: 'middle',
  middlename: 'middle',
  mname: 'middle',
  initial: 'middle',
  last: 'last',
  family: 'last',
  surname: 'last',
  lastname: 'last',
  familyname: 'last',
  lname: 'last',
  suffix: 'suffix',
  generational: 'suffix',
  // LDAP person attributes (RFC 4519): givenName, sn (surname)
  sn: 'last',
};
/** Words that make a target a whole person name (general English). */
const WHOLE = new Set(['full', 'display', 'complete', 'whole', 'formatted', 'fullname', 'displayname']);
/** Words that say a name column holds something other than a person (general English). */
const NOT_PERSON = new Set([
  'company',
  'business',
  'organization',
  'organisation',
  'org',
  'vendor',
  'supplier',
  'product',
  'item',
  'file',
  'user',
  'username',
  'account',
  'brand',
  'store',
  'shop',
  'city',
  'street',
  'country',
  'state',
  'project',
  'team',
  'department',
  'dept',
  'event',
  'campaign',
  'host',
  'domain',
  'bank',
  'branch',
]);
/** Company forms at the end of a name (LLC, Inc., Ltd, GmbH, …): values with them are organisations. */
const COMPANY_FORMS =
  /\b(llc|inc|ltd|plc|corp|co|gmbh|ag|sa|bv|group|partners|associates|holdings|& sons)\.?$/i;
const WORD = /^\p{L}[\p{L}'’.-]*$/u;

function targetPart(t: TargetFeature): NamePart | undefined {
  const own = splitWords(t.info.name);
  const doc = normalizeText(`${t.info.title ?? ''} ${t.info.description ?? ''}`).split(' ');
  const joined = own.join('');
  const all = [...own, ...doc];
  const namey = all.includes('name') || joined in PART_WORDS;
  if (!namey) return undefined;
  const direct = PART_WORDS[joined];
  if (direct) return direct;
  for (const w of own) if (PART_WORDS[w]) return PART_WORDS[w];
  // "given" with a description "Given name"
  for (const w of doc) if (PART_WORDS[w] && own.length <= 2) return PART_WORDS[w];
  return undefined;
}

/** Share of values that read as whole person names, and the share written "Last, First". */
export function personNameShare(values: string[]): { share: number; inverted: number } {
  let ok = 0;
  let inverted = 0;
  let n = 0;
  for (const v of values) {
    const text = v.trim();
    if (!text) continue;
    n++;
    if (COMPANY_FORMS.test(text)) continue;
    const words = text.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
    if (words.length < 2 || words.length > 6 || !words.every((w) => WORD.test(w))) continue;
    const p = nameParts(text);
    if (!p?.first || !p.last) continue;
    ok++;
    if (text.includes(',') && !/,\s*(jr|sr|ii|iii|iv)\.?$/i.test(text)) inverted++;
  }
  return { share: n ? ok / n : 0, inverted: n ? inverted / n : 0 };
}

/** `firstName` / `family` / `suffix` from a field holding whole person names. */
export function nameSplitCandidates(t: TargetFeature, sources: SourceFeature[]): Raw[] {
  const part = targetPart(t);
  if (!part || (t.info.types.length && !t.info.types.includes('string'))) return [];
  const out: Raw[] = [];
  sources.forEach((s, si) => {
    const p = s.profile;
    if (p.type !== 'string' || p.inArray !== t.info.inArray || s.numeric || s.date) return;
    const words = splitWords(p.name);
    if (!words.includes('name') && !words.includes('fullname')) return;
    if (words.some((w) => PART_WORDS[w] || NOT_PERSON.has(w))) return;
    const { share, inverted } = personNameShare(s.values);
    if (share < 0.8) return;
    const sure = share >= 0.95;
    const how = inverted >= 0.05 ? `, ${Math.round(inverted * 100)}% written "Last, First"` : '';
    const what = {
      first: 'the first name is taken (a title such as Dr. dropped)',
      middle: 'the words between first and last name are taken',
      last: 'the last name is taken (with particles such as "van"; suffixes such as Jr. kept apart)',
      suffix: 'the suffix (Jr., Sr., III, PhD) is taken',
    }[part];
    out.push({
      si,
      score: (part === 'first' || part === 'last' ? 0.78 : 0.7) * (sure ? 1 : 0.9),
      name: 0.6,
      notes: [
        `${p.name} holds whole person names (${Math.round(share * 100)}% of the sample read as names${how}); ${what}`,
      ],
      transform: { kind: 'name', part },
      shared: true,
    });
  });
  return out;
}

/** `displayName` / `full_name` from a first-name and a last-name field of the same record part. */
export function nameJoinCandidates(t: TargetFeature, sources: SourceFeature[]): Raw[] {
  if (t.info.isArray || (t.info.types.length && !t.info.types.includes('string'))) return [];
  const own = splitWords(t.info.name);
  const doc = normalizeText(`${t.info.title ?? ''} ${t.info.description ?? ''}`).split(' ');
  if (own.some((w) => PART_WORDS[w]) || PART_WORDS[own.join('')]) return [];
  const whole =
    own.some((w) => WHOLE.has(w)) ||
    (own.includes('name') && (doc.includes('full') || doc.includes('display')));
  if (!whole || !(own.includes('name') || own.some((w) => w.endsWith('name')))) return [];
  const parent = (s: SourceFeature) => s.profile.path.slice(0, Math.max(0, s.profile.path.lastIndexOf('.')));
  const partOf = (s: SourceFeature): NamePart | undefined => {
    if (s.numeric || s.profile.type !== 'string' || s.profile.inArray !== t.info.inArray) return undefined;
    const ws = splitWords(s.profile.name);
    const direct = PART_WORDS[ws.join('')];
    if (direct) return direct;
    if (ws.some((w) => NOT_PERSON.has(w))) return undefined;
    const named = ws.includes('name') || ws.some((w) => w.endsWith('name'));
    for (const w of ws) if (PART_WORDS[w] && (named || w.length > 4 || w === 'sn')) return PART_WORDS[w];
    return undefined;
  };
  const out: Raw[] = [];
  sources.forEach((f, fi) => {
    if (partOf(f) !== 'first') return;
    const li = sources.findIndex((l) => partOf(l) === 'last' && parent(l) === parent(f));
    if (li < 0) return;
    out.push({
      si: fi,
      also: [li],
      score: 0.78,
      name: 0.7,
      notes: [
        `the target is a whole name; ${f.profile.name} (first name) and ${sources[li]!.profile.name} (last name) joined with a space`,
      ],
      transform: { kind: 'concat', separator: ' ' },
      shared: true,
    });
  });
  return out;
}

type AddressPart = 'street' | 'line2' | 'city' | 'state' | 'zip';
/** Postal address parts (general English, US and UK usage). */
const ADDRESS_WORDS: Record<string, AddressPart> = {
  street: 'street',
  addr: 'street',
  address: 'street',
  line1: 'street',
  address1: 'street',
  addr1: 'street',
  line2: 'line2',
  address2: 'line2',
  addr2: 'line2',
  city: 'city',
  town: 'city',
  locality: 'city',
  state: 'state',
  province: 'state',
  region: 'state',
  county: 'state',
  zip: 'zip',
  zipcode: 'zip',
  postal: 'zip',
  postcode: 'zip',
  plz: 'zip',
};
const NOT_POSTAL = new Set(['email', 'mail', 'ip', 'web', 'url', 'mac']);

function addressPartOf(name: string): AddressPart | undefined {
  const words = splitWords(name);
  const joined = words.join('');
  for (let i = 0; i < words.length - 1; i++) {
    const pair = `${words[i]}${words[i + 1]}`;
    if (ADDRESS_WORDS[pair]) return ADDRESS_WORDS[pair];
  }
  if (ADDRESS_WORDS[joined]) return ADDRESS_WORDS[joined];
  // "ship_street", "ADDR_LINE1": the most specific word wins
  const found = words.map((w) => ADDRESS_WORDS[w]).filter(Boolean) as AddressPart[];
  if (words.includes('line') && words.includes('2')) return 'line2';
  for (const p of ['zip', 'city', 'state', 'line2', 'street'] as const) if (found.includes(p)) return p;
  return undefined;
}

/** A single-line postal address (`shippingAddress`, `full_address`) from street, city, state and zip fields. */
export function addressConcatCandidates(t: TargetFeature, sources: SourceFeature[]): Raw[] {
  if (t.info.isArray || (t.info.types.length && !t.info.types.includes('string'))) return [];
  const own = splitWords(t.info.name);
  const doc = normalizeText(`${t.info.title ?? ''} ${t.info.description ?? ''}`).split(' ');
  if (!own.some((w) => w === 'address' || w === 'addr') || own.some((w) => NOT_POSTAL.has(w))) return [];
  // a target that is itself one part ("address line 1", "address city") is not the whole line
  const ownPart = addressPartOf(t.info.name);
  if (ownPart && ownPart !== 'street') return [];
  if (own.includes('line') || own.includes('street')) return [];
  const byParent = new Map<string, Map<AddressPart, number>>();
  sources.forEach((s, si) => {
    const p = s.profile;
    if (p.inArray !== t.info.inArray || (s.numeric && !/zip|postal|post/i.test(p.name))) return;
    const part = addressPartOf(p.name);
    if (!part) return;
    const parent = p.path.slice(0, Math.max(0, p.path.lastIndexOf('.')));
    const m = byParent.get(parent) ?? new Map<AddressPart, number>();
    byParent.set(parent, m);
    if (!m.has(part)) m.set(part, si);
  });
  const out: Raw[] = [];
  for (const parts of byParent.values()) {
    if (!parts.has('street') || !parts.has('city')) continue;
    const order = (['street', 'line2', 'city', 'state', 'zip'] as const).filter((p) => parts.has(p));
    const ids = order.map((p) => parts.get(p)!);
    const single =
      doc.includes('single') || doc.includes('one') || doc.includes('full') || own.includes('full');
    out.push({
      si: ids[0]!,
      also: ids.slice(1),
      score: single ? 0.8 : 0.7,
      name: 0.6,
      notes: [
        `the target is one address text; ${order.map((p) => sources[parts.get(p)!]!.profile.name).join(', ')} joined into one line with ", "`,
      ],
      transform: { kind: 'concat', separator: ', ' },
      shared: true,
    });
  }
  return out;
}
