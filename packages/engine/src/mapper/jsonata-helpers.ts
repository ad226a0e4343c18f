/**
 * JSONata source of the helper functions toJsonata emits: each mirrors a function of values.ts,
 * transforms.ts or dates.ts step for step (same regular expressions, same order of checks), so
 * the generated expression and the compiled mapper give identical outputs.
 */
import { ISO_RE_SOURCE } from './dates.ts';
import { CURRENCY_MARK_SOURCE, CURRENCY_SYMBOLS, ISO_4217 } from './money.ts';
import { NAME_PARTICLES, NAME_SUFFIXES, NAME_TITLES } from './parts.ts';
import { CURRENCY_CODE, FALSE_WORDS, NUMBER_NOISE, TRUE_WORDS } from './values.ts';

const list = (xs: readonly string[]) => JSON.stringify(xs);

const TRIM = '$replace($v, /^\\s+|\\s+$/, "")';

export const HELPERS: Record<string, { deps: string[]; code: string }> = {
  present: {
    deps: [],
    code: `function($v){ $exists($v) and $v != null and $not($type($v) = "array" and $count($v) = 0) }`,
  },
  each: {
    deps: ['present'],
    code: `function($v, $f){ $type($v) = "array"
      ? ($r := [$map($v, function($x){ $present($x) ? ($y := $f($x); $present($y) ? $y) })]; $count($r) > 0 ? $r)
      : ($present($v) ? $f($v)) }`,
  },
  many: { deps: [], code: 'function($v){ ($a := [$v]; $count($a) > 0 ? $a) }' },
  list: { deps: ['present'], code: 'function($v){ $type($v) = "array" ? $v : $present($v) ? [$v] : [] }' },
  ne: { deps: [], code: 'function($o){ $count($keys($o)) > 0 ? $o }' },
  text: {
    deps: [],
    code: `function($v){ $type($v) = "string" ? $v : $type($v) = "number" ? $string($v) : $type($v) = "boolean" ? ($v ? "true" : "false") }`,
  },
  // values.ts parseNumber (the general way) and money.ts resolveSeparators; $dc: decimal commas
  num: {
    deps: ['seps'],
    code: `function($v, $dc){ $type($v) = "number" ? $v : $type($v) = "boolean" ? ($v ? 1 : 0) : $type($v) = "string" ? (
      $t := ${TRIM};
      $t := $replace($t, /${CURRENCY_CODE.source}/, "");
      $neg := $contains($t, /^\\(.*\\)$/);
      $t := $neg ? $substring($t, 1, $length($t) - 2) : $t;
      $pct := $contains($t, /%$/);
      $t := $pct ? $substring($t, 0, $length($t) - 1) : $t;
      $t := $seps($replace($t, /${NUMBER_NOISE.source}/, ""), $dc = true);
      ($exists($t) and $contains($t, /^-?\\d+(\\.\\d+)?$/)) ? (
        $n := $number($t);
        $n := $pct ? $n / 100 : $n;
        $n := $neg ? 0 - $n : $n;
        $n = 0 ? 0 : $n
      )
    ) }`,
  },
  seps: {
    deps: [],
    code: `function($t, $dc){ (
      $comma := $contains($t, ",");
      $dot := $contains($t, ".");
      $dec := ($comma and $dot) ? ($contains($t, /,[^.]*$/) ? "," : ".")
        : ($comma and $contains($t, /^[^,]*,[^,]*$/) and ($dc or $contains($t, /,\\d{1,2}$/))) ? ","
        : ($dot and $contains($t, /^[^.]*\\.[^.]*$/) and $not($dc and $contains($t, /\\.\\d{3}$/))) ? "."
        : "";
      $dec = "." ? $replace($t, ",", "")
        : $not($contains($t, /\\.(?!\\d{3}(?:\\D|$))/)) ? ($dec = "," ? $replace($replace($t, ".", ""), ",", ".") : $replace($t, /[.,]/, ""))
    ) }`,
  },
  // money.ts currencyOf: the code or symbol at either end of an amount, as an ISO 4217 code
  currency: {
    deps: [],
    code: `function($v){ $type($v) = "string" ? (
      $m := $match(${TRIM}, /${CURRENCY_MARK_SOURCE}/, 1);
      $exists($m) ? (
        $g := $m.groups;
        $c := $exists($g[0]) ? $g[0] : $g[2];
        $exists($c) ? ($c in ${JSON.stringify(ISO_4217)} ? $c) : $lookup(${JSON.stringify(CURRENCY_SYMBOLS)}, $exists($g[1]) ? $g[1] : $g[3])
      )
    ) }`,
  },
  int: { deps: ['num'], code: 'function($v, $dc){ ($n := $num($v, $dc); $exists($n) ? $floor($n + 0.5)) }' },
  bool: {
    deps: [],
    code: `function($v){ $type($v) = "boolean" ? $v : $type($v) = "number" ? ($v = 1 ? true : $v = 0 ? false) : $type($v) = "string" ? (
      $t := $lowercase(${TRIM});
      $t in ${JSON.stringify(TRUE_WORDS)} ? true : $t in ${JSON.stringify(FALSE_WORDS)} ? false
    ) }`,
  },
  title: {
    deps: [],
    code: `function($s){ $exists($s) ? $join([$map($split($lowercase($s), " "), function($w){ $uppercase($substring($w, 0, 1)) & $substring($w, 1) })], " ") }`,
  },
  concat: {
    deps: ['text'],
    code: `function($vs, $sep){ ($p := [$map($vs, function($x){ ($s := $text($x); $s != "" ? $s) })]; $count($p) > 0 ? $join($p, $sep)) }`,
  },
  // parts.ts nameParts, step for step; `[…]` around $filter keeps one-word results lists
  nameParts: {
    deps: ['text'],
    code: `function($v){ ($t := $text($v); $exists($t) ? (
      $words := function($s){ [$filter($split($s, /\\s+/), function($w){ $w != "" })] };
      $bare := function($w){ $lowercase($replace($w, ".", "")) };
      $isSuf := function($w){ $bare($w) in ${list(NAME_SUFFIXES)} };
      $isTitle := function($w){ $bare($w) in ${list(NAME_TITLES)} };
      $take := function($ws, $from, $to){ [$filter($ws, function($w, $i){ $i >= $from and $i < $to })] };
      $comma := $contains($t, ",");
      $left := $words($substringBefore($t, ","));
      $right := $words($replace($substringAfter($t, ","), ",", " "));
      $sufOnly := $comma and $count($right) > 0 and $count([$filter($right, function($w){ $not($isSuf($w)) })]) = 0;
      $inverted := $comma and $not($sufOnly);
      $given := $inverted ? $right : $comma ? $left : $words($t);
      $tail := $inverted ? $left : $given;
      $popSuf := function($ws, $acc){ ($count($ws) > 1 and $isSuf($ws[-1])) ? $popSuf($take($ws, 0, $count($ws) - 1), $append([$ws[-1]], $acc)) : {"ws": $ws, "suf": $acc} };
      $popped := $popSuf($tail, []);
      $suffix := $append($popped.suf, $sufOnly ? $right : []);
      $given := $inverted ? $given : [$popped.ws];
      $family := $inverted ? [$popped.ws] : [];
      $dropTitles := function($ws){ ($count($ws) > 1 and $isTitle($ws[0])) ? $dropTitles($take($ws, 1, $count($ws))) : $ws };
      $given := $dropTitles($given);
      $at := function($ws, $i){ ($i > 1 and $ws[$i - 1] in ${list(NAME_PARTICLES)}) ? $at($ws, $i - 1) : $i };
      $split1 := $inverted ? -1 : $count($given) <= 1 ? -2 : $at($given, $count($given) - 1);
      $family := $split1 >= 0 ? $take($given, $split1, $count($given)) : $family;
      $given := $split1 >= 0 ? $take($given, 0, $split1) : $given;
      $sufText := $count($suffix) > 0 ? $join($suffix, " ");
      $not($split1 = -2 and $count($given) = 0) ? {
        "first": $count($given) > 0 ? $given[0],
        "middle": $count($given) > 1 ? $join($take($given, 1, $count($given)), " "),
        "last": $count($family) > 0 ? $join($family, " "),
        "suffix": $sufText
      }
    )) }`,
  },
  phone: {
    deps: ['text'],
    code: `function($v, $to, $cc, $n){ ($t := $text($v); $exists($t) ? (
      $main := $replace($t, /[A-Za-z][\\s\\S]*$/, "");
      $plus := $contains($main, /^\\s*(\\+|00)/);
      $d := $replace($main, /\\D/, "");
      $d := $contains($main, /^\\s*00/) ? $substring($d, 2) : $d;
      $nat := ($length($d) = $n and $not($plus)) ? $d
        : ($length($d) = $length($cc) + $n and $substring($d, 0, $length($cc)) = $cc) ? $substring($d, $length($cc));
      $exists($nat) ? ($to = "digits" ? $nat : "+" & $cc & $nat)
        : ($plus and $to = "e164" and $length($d) >= 8 and $length($d) <= 15 and $substring($d, 0, 1) != "0") ? "+" & $d
    )) }`,
  },
  extremeText: {
    deps: ['list', 'text'],
    code: `function($v, $latest){ ($s := [$filter([$map($list($v), $text)], function($x){ $x != "" })];
      $reduce($s, function($a, $b){ ($latest ? $b > $a : $b < $a) ? $b : $a })) }`,
  },
  // not named `pad`: a helper `$pad` would shadow JSONata's built-in $pad and call itself forever
  zpad: { deps: [], code: 'function($n, $w){ $pad($string($n), 0 - $w, "0") }' },
  dim: {
    deps: [],
    code: `function($y, $m){ $m = 2 ? ((($y % 4 = 0 and $y % 100 != 0) or $y % 400 = 0) ? 29 : 28) : ($m in [4, 6, 9, 11] ? 30 : 31) }`,
  },
  valid: {
    deps: ['dim'],
    code: `function($p){ ($p.mo >= 1 and $p.mo <= 12 and $p.d >= 1 and $p.d <= $dim($p.y, $p.mo) and $p.h <= 23 and $p.mi <= 59 and $p.s <= 59) ? $p }`,
  },
  month: {
    deps: [],
    code: `function($n){ $lookup({"jan":1,"feb":2,"mar":3,"apr":4,"may":5,"jun":6,"jul":7,"aug":8,"sep":9,"oct":10,"nov":11,"dec":12}, $lowercase($substring($n, 0, 3))) }`,
  },
  // dates.ts zoneText: Z, UTC and GMT are Z; ±HH and ±HHMM become ±HH:MM
  zone: {
    deps: [],
    code: `function($z){ ($u := $uppercase($z); $u in ["Z", "UTC", "GMT"] ? "Z" : ($d := $replace($z, ":", ""); $substring($d, 0, 3) & ":" & ($length($d) > 3 ? $substring($d, 3, 2) : "00"))) }`,
  },
  months: {
    deps: [],
    code: '["January","February","March","April","May","June","July","August","September","October","November","December"]',
  },
  isoText: {
    deps: ['zpad'],
    code: `function($p){ $zpad($p.y, 4) & "-" & $zpad($p.mo, 2) & "-" & $zpad($p.d, 2) & "T" & $zpad($p.h, 2) & ":" & $zpad($p.mi, 2) & ":" & $zpad($p.s, 2) & ($p.frac != "" ? "." & $p.frac : "") & ($p.zone != "" ? $p.zone : "Z") }`,
  },
  parseIso: {
    deps: ['valid'],
    code: `function($v){ $type($v) = "string" ? ($m := $match(${TRIM}, /${ISO_RE_SOURCE}/); $exists($m) ? ($g := $m.groups; $valid({
      "y": $number($g[0]), "mo": $number($g[1]), "d": $number($g[2]),
      "h": $exists($g[3]) ? $number($g[3]) : 0, "mi": $exists($g[4]) ? $number($g[4]) : 0, "s": $exists($g[5]) ? $number($g[5]) : 0,
      "frac": $exists($g[6]) ? $g[6] : "", "zone": $exists($g[7]) ? $g[7] : ""
    }))) }`,
  },
  epoch: {
    deps: ['parseIso'],
    code: `function($v, $k){ (
      $n := $type($v) = "number" ? $v : ($type($v) = "string" and $contains(${TRIM}, /^-?\\d+$/)) ? $number(${TRIM});
      $exists($n) ? ($ms := $n * $k; $abs($ms) <= 8.64e15 ? ($iso := $fromMillis($ms); $length($iso) = 24 ? $parseIso($iso)))
    ) }`,
  },
};

/** Helper names in dependency order, starting from the ones asked for. */
export function withDeps(names: Iterable<string>): string[] {
  const out: string[] = [];
  const visit = (n: string) => {
    if (out.includes(n)) return;
    for (const d of HELPERS[n]?.deps ?? []) visit(d);
    out.push(n);
  };
  for (const n of names) visit(n);
  return out;
}
