/**
 * TF-IDF cosine of word-token sets (Salton & Buckley 1988). Names carry each token about once,
 * so the term frequency is 1 and a token weighs its inverse document frequency: rare words
 * ("acme") count for more than common ones ("services", "group").
 */
export class TfIdf {
  private readonly df = new Map<string, number>();
  private docs = 0;

  /** Counts the documents (token lists) the weights come from: both sides of a join. */
  add(tokens: readonly string[]) {
    this.docs++;
    for (const t of new Set(tokens)) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  weight(token: string) {
    // smoothed so a token in every document still weighs a little, and an unseen one the most
    return Math.log((1 + this.docs) / (1 + (this.df.get(token) ?? 0))) + 1;
  }

  cosine(a: readonly string[], b: readonly string[]) {
    if (!a.length || !b.length) return 0;
    const sa = new Set(a);
    const sb = new Set(b);
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (const t of sa) {
      const w = this.weight(t) ** 2;
      na += w;
      if (sb.has(t)) dot += w;
    }
    for (const t of sb) nb += this.weight(t) ** 2;
    return dot / Math.sqrt(na * nb);
  }
}
