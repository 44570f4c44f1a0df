import type { CommandDetail, CommandSpecInput } from '@cpm/contracts';
import { commandRoutes } from '@cpm/contracts/routes';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../api/http';

/**
 * One command sent to one terminal and followed until it is answered: `start` sends it, its detail
 * is read every 1.5 s while the terminal has not answered, and once it has, `refresh` (the query that
 * shows what the command brings, such as the captured files or the reported properties) is read
 * again. After `waitMs` without an answer the round counts as timed out; the terminal may still
 * answer later.
 */
export const useCommandRound = (o: {
  sn: string;
  command: CommandSpecInput;
  waitMs: number;
  refresh: QueryKey;
}) => {
  const queryClient = useQueryClient();
  const [commandId, setCommandId] = useState<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const waiting = useQuery({
    queryKey: ['command-round', commandId],
    enabled: Boolean(commandId),
    queryFn: () => call(commandRoutes.detail, { query: { id: commandId as string }, loading: false }),
    refetchInterval: (q) => ((q.state.data as CommandDetail | undefined)?.counts.open === 0 ? false : 1500),
  });
  const done = waiting.data && waiting.data.counts.open === 0;
  // The caller's key is usually a new array each render: the latest one is read when the answer comes.
  const refresh = useRef(o.refresh);
  refresh.current = o.refresh;
  useEffect(() => {
    if (!done) return;
    setCommandId(null);
    void queryClient.invalidateQueries({ queryKey: refresh.current });
  }, [done, queryClient]);
  useEffect(() => {
    if (!commandId) return;
    const timer = setTimeout(() => setTimedOut(true), o.waitMs);
    return () => clearTimeout(timer);
  }, [commandId, o.waitMs]);

  const start = async () => {
    setTimedOut(false);
    const row = await call(commandRoutes.run, { body: { sns: [o.sn], command: o.command } });
    setCommandId(row.id);
  };
  return {
    /** Sends the command; a refusal is shown by the API layer and rejects. */
    start,
    /** Sent and not answered yet, within the wait. */
    busy: Boolean(commandId) && !timedOut,
    /** Not answered within the wait. */
    timedOut: timedOut && Boolean(commandId),
    /** The terminal's own reason when it answered with a failure. */
    failed: waiting.data?.results[0]?.state === 'failure' ? waiting.data.results[0].message : null,
  };
};
