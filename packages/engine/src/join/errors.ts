/** A join that would produce more rows than allowed (a key repeated on both sides). */
export class JoinLimitError extends Error {
  constructor(
    readonly pairs: number,
    readonly limit: number,
    readonly example?: string,
  ) {
    super(
      `The join would produce more than ${limit.toLocaleString('en')} rows (at least ${pairs.toLocaleString('en')})` +
        (example ? `: the key value "${example}" repeats on both sides` : '') +
        '. Add a condition or deduplicate a side first.',
    );
  }
}
