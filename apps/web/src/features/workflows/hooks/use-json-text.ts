import { useState } from 'react';

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** JSON text edited in place; the node takes it only when it parses (and passes `accept`). */
export function useJsonText(
  initial: unknown,
  accept: (v: unknown) => string | null,
  onValue: (v: unknown) => void,
) {
  const [text, setText] = useState(() => (initial === null || initial === undefined ? '' : pretty(initial)));
  const [error, setError] = useState<string | null>(null);
  return {
    text,
    error,
    set(t: string) {
      setText(t);
      if (!t.trim()) {
        setError(null);
        onValue(null);
        return;
      }
      try {
        const v = JSON.parse(t) as unknown;
        const problem = accept(v);
        setError(problem);
        if (!problem) onValue(v);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    replace(v: unknown) {
      setText(pretty(v));
      setError(null);
    },
  };
}
