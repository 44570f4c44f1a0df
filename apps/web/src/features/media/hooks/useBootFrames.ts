import { mediaRoutes } from '@cpm/contracts/routes';
import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../../shared/session/sessionStore';

type Frames = { urls: string[]; failed: boolean };

/** The frames loaded so far, whether a frame could not be loaded, and a way to load them again. */
export type BootFrames = Frames & { retry: () => void };

/**
 * The frames of a boot animation as object URLs, fetched one by one (each a byte range of the
 * stored ZIP on the server) and released when the animation changes or the viewer closes.
 */
export const useBootFrames = (id: string | null, count: number): BootFrames => {
  const [state, setState] = useState<Frames>({ urls: [], failed: false });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    if (!id) return;
    // Each retry is a fresh round of requests for every frame.
    void round;
    let cancelled = false;
    const made: string[] = [];
    setState({ urls: [], failed: false });
    const load = async () => {
      const token = useSessionStore.getState().token;
      for (let index = 0; index < count && !cancelled; index++) {
        const res = await fetch(`${mediaRoutes.bootFrame.path}?id=${id}&index=${index}`, {
          headers: token ? { satoken: token } : {},
          credentials: 'omit',
        });
        if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) throw new Error('frame');
        const url = URL.createObjectURL(await res.blob());
        made.push(url);
        if (!cancelled) setState({ urls: [...made], failed: false });
      }
    };
    load().catch(() => {
      if (!cancelled) setState((s) => ({ ...s, failed: true }));
    });
    return () => {
      cancelled = true;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [id, count, round]);
  return { ...state, retry };
};
