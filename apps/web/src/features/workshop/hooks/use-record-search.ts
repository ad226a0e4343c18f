import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JOB_DATA_PAGE, jobDataQueryOptions } from '../api/job-data.ts';
import { MAPPINGS_PAGE, mappingsQueryOptions } from '../api/mappings.ts';
import { recordContains } from '../lib/source-tree.ts';

export interface TRecordSearch {
  /** indices of the records whose source (or mapped) values contain the text */
  matches: number[];
  scanned: number;
  done: boolean;
  error: Error | null;
}
const IDLE: TRecordSearch = { matches: [], scanned: 0, done: true, error: null };

/**
 * Finds text in any value of the job's records. The API has no search, so pages are read one
 * after another (the same cached pages the navigator shows) and matches appear as they are found;
 * a new text or another result stops the scan.
 */
export function useRecordSearch(input: {
  text: string;
  total: number;
  resultId: string | null;
  jobId: string | null;
}): TRecordSearch {
  const qc = useQueryClient();
  const [state, setState] = useState<TRecordSearch>(IDLE);
  const { text, total, resultId, jobId } = input;
  useEffect(() => {
    const needle = text.trim();
    if (!needle || (!resultId && !jobId)) {
      setState(IDLE);
      return;
    }
    let stopped = false;
    setState({ matches: [], scanned: 0, done: false, error: null });
    (async () => {
      const size = resultId ? MAPPINGS_PAGE : JOB_DATA_PAGE;
      const pages = Math.ceil(total / size);
      const matches: number[] = [];
      for (let page = 1; page <= pages && !stopped; page++) {
        const base = (page - 1) * size;
        if (resultId) {
          const data = await qc.fetchQuery(mappingsQueryOptions(resultId, page));
          for (const m of data.items)
            if (recordContains(m.source_record, needle) || recordContains(m.mapped_record, needle))
              matches.push(m.index);
        } else if (jobId) {
          const data = await qc.fetchQuery(jobDataQueryOptions(jobId, page));
          data.items.forEach((r, i) => {
            if (recordContains(r, needle)) matches.push(base + i);
          });
        }
        if (!stopped)
          setState({
            matches: [...matches],
            scanned: Math.min(base + size, total),
            done: page === pages,
            error: null,
          });
      }
      if (!stopped && pages === 0) setState({ ...IDLE });
    })().catch((error: Error) => {
      if (!stopped) setState((s) => ({ ...s, done: true, error }));
    });
    return () => {
      stopped = true;
    };
  }, [text, total, resultId, jobId, qc]);
  return state;
}
