import { useCallback, useEffect, useRef, useState } from 'react';
import { type SendFailure, SendFileError, type SendFileOptions, sendFile } from './sendFile';
import { checkFile, readHead, splitByCount, type UploadProblem, type UploadRules } from './uploadRules';

/**
 * Where one file stands: refused by the checks, held until the form is complete, waiting, sending,
 * sent, failed or cancelled.
 */
export type UploadStatus = 'invalid' | 'held' | 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export type UploadItem<T> = {
  id: string;
  file: File;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  problem?: UploadProblem;
  failure?: SendFailure;
  result?: T;
};

export type UploadQueueOptions<T> = {
  rules: UploadRules;
  /** Multipart endpoint path. */
  url: string;
  fieldName?: string;
  fields?: Record<string, string>;
  /** Files sent at the same time. */
  concurrency?: number;
  /** Builds the request options the sender needs from the session (token, language). */
  session: () => Pick<SendFileOptions, 'token' | 'language'>;
  onUploaded?: (result: T, file: File) => void;
  /** Replaces the sender (tests drive a real server through it). */
  send?: typeof sendFile;
};

let nextId = 0;

/** A list of files checked on arrival and sent a few at a time, with cancel and retry per file. */
export const useUploadQueue = <T = unknown>(options: UploadQueueOptions<T>) => {
  const [items, setItems] = useState<UploadItem<T>[]>([]);
  const aborts = useRef(new Map<string, () => void>());
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const patch = useCallback((id: string, change: Partial<UploadItem<T>>) => {
    setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it)));
  }, []);

  const start = useCallback(
    (item: UploadItem<T>) => {
      const o = optionsRef.current;
      const send = o.send ?? sendFile;
      const { promise, abort } = send<T>({
        url: o.url,
        file: item.file,
        fieldName: o.fieldName,
        fields: o.fields,
        ...o.session(),
        onProgress: (loaded) => patch(item.id, { loaded }),
      });
      aborts.current.set(item.id, abort);
      patch(item.id, { status: 'uploading', loaded: 0, failure: undefined });
      promise.then(
        (result) => {
          aborts.current.delete(item.id);
          patch(item.id, { status: 'done', loaded: item.file.size, result });
          optionsRef.current.onUploaded?.(result, item.file);
        },
        (err: unknown) => {
          aborts.current.delete(item.id);
          const failure: SendFailure = err instanceof SendFileError ? err.failure : { kind: 'network' };
          patch(
            item.id,
            failure.kind === 'aborted' ? { status: 'cancelled' } : { status: 'failed', failure },
          );
        },
      );
    },
    [patch],
  );

  // Starts waiting files while fewer than `concurrency` are being sent.
  useEffect(() => {
    const running = items.filter((it) => it.status === 'uploading').length;
    const room = (options.concurrency ?? 2) - running;
    if (room <= 0) return;
    for (const item of items.filter((it) => it.status === 'queued').slice(0, room)) start(item);
  }, [items, options.concurrency, start]);

  // Leaving the page cancels what is still being sent.
  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const abort of pending.values()) abort();
    };
  }, []);

  /**
   * Checks new files (count, name, size, type, dimensions) and queues the ones that pass; with
   * `hold` they are kept in the list, unsent, until `release`.
   */
  const add = useCallback(async (files: readonly File[], options: { hold?: boolean } = {}) => {
    const { rules } = optionsRef.current;
    const counted = itemsRef.current.filter(
      (it) => it.status !== 'invalid' && it.status !== 'cancelled',
    ).length;
    const { kept, refused } = splitByCount(counted, files, rules.maxCount);
    const checked = await Promise.all(
      kept.map(async (file): Promise<UploadItem<T>> => {
        const problem = checkFile(file, await readHead(file, rules.accept), rules);
        return {
          id: `u${++nextId}`,
          file,
          loaded: 0,
          status: problem ? 'invalid' : options.hold ? 'held' : 'queued',
          problem: problem ?? undefined,
        };
      }),
    );
    const over = refused.map(
      (file): UploadItem<T> => ({
        id: `u${++nextId}`,
        file,
        loaded: 0,
        status: 'invalid',
        problem: { code: 'tooMany', params: { max: rules.maxCount ?? 0 } },
      }),
    );
    setItems((list) => [...list, ...checked, ...over]);
  }, []);

  /** Stops sending a file; it stays in the list as cancelled and can be sent again. */
  const cancel = useCallback(
    (id: string) => {
      const abort = aborts.current.get(id);
      if (abort) abort();
      else patch(id, { status: 'cancelled' });
    },
    [patch],
  );

  /** Sends a failed or cancelled file again. */
  const retry = useCallback(
    (id: string) => patch(id, { status: 'queued', loaded: 0, failure: undefined }),
    [patch],
  );

  /** Sends every held file, with the fields as they are now. */
  const release = useCallback(() => {
    setItems((list) => list.map((it) => (it.status === 'held' ? { ...it, status: 'queued' } : it)));
  }, []);

  /** Drops a file from the list (cancelling it first if it is being sent). */
  const remove = useCallback((id: string) => {
    aborts.current.get(id)?.();
    setItems((list) => list.filter((it) => it.id !== id));
  }, []);

  return { items, add, cancel, retry, remove, release };
};
