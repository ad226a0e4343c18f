import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: relative times ("in 1 minute") stay true. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
