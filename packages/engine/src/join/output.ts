/** One column of a joined dataset and where its values come from. */
export interface JoinOutputColumn {
  name: string;
  side: 'left' | 'right';
  source: string;
}

/**
 * The joined dataset's columns: the left's, then the right's; a name on both sides gets the
 * side's prefix on both (like pandas' suffixes, but in front so the pair sorts together).
 */
export function joinOutputColumns(
  left: readonly string[],
  right: readonly string[],
  prefixes: { left: string; right: string } = { left: 'left_', right: 'right_' },
  reserved: readonly string[] = [],
): JoinOutputColumn[] {
  const l = new Set(left);
  const r = new Set(right);
  const taken = new Set(reserved);
  const named = (side: 'left' | 'right', source: string, clash: boolean) => {
    let name = clash || taken.has(source) ? `${prefixes[side]}${source}` : source;
    // a prefixed name may itself exist already: number it until it is unique
    for (let n = 2; taken.has(name); n++) name = `${prefixes[side]}${source}_${n}`;
    taken.add(name);
    return { name, side, source };
  };
  return [...left.map((c) => named('left', c, r.has(c))), ...right.map((c) => named('right', c, l.has(c)))];
}
