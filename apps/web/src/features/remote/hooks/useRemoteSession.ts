import { type RemoteInput, type RemoteSettings, type RemoteTicket, relayUrlFor } from '@cpm/contracts';
import { remoteRoutes } from '@cpm/contracts/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, showMessage } from '../../../api/http';
import { pickMessage } from '../../../api/pickMessage';
import { currentLanguage } from '../../../i18n';
import { connectRelay, type RelayConnection, type RelayView } from '../lib/relayConnection';

/** The session this tab was in, so a reloaded page (a language change, a worktab) rejoins it. */
const SAVED_KEY = 'cpm.remote.session';

/** Paints a frame on the canvas, resizing it to the terminal's screen. */
const paintOn = (canvas: HTMLCanvasElement | null, bitmap: ImageBitmap, width: number, height: number) => {
  if (!canvas) return;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
};

/**
 * The page's remote session: opens (or joins) one through the API, dials the relay with the
 * one-time token, paints frames on `canvasRef` and sends input; reconnects with a fresh token.
 */
export const useRemoteSession = () => {
  const [ticket, setTicket] = useState<RemoteTicket | null>(null);
  const [view, setView] = useState<RelayView | null>(null);
  const connection = useRef<RelayConnection | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  const dial = useCallback((next: RemoteTicket) => {
    connection.current?.close();
    sessionStorage.setItem(SAVED_KEY, next.sessionId);
    setTicket(next);
    setView(null);
    connection.current = connectRelay({
      url: relayUrlFor(window.location, next.relay, { session: next.sessionId, token: next.token }),
      initial: { role: next.role, settings: next.settings },
      paint: (bitmap, width, height) => paintOn(canvasRef.current, bitmap, width, height),
      onView: (v) => {
        if (v.state === 'ended') sessionStorage.removeItem(SAVED_KEY);
        setView(v);
      },
      onError: (error) => showMessage('error', pickMessage(error, currentLanguage())),
    });
  }, []);

  useEffect(() => {
    const saved = sessionStorage.getItem(SAVED_KEY);
    if (saved)
      call(remoteRoutes.token, { body: { sessionId: saved }, loading: false, silent: true }).then(dial, () =>
        sessionStorage.removeItem(SAVED_KEY),
      );
    return () => connection.current?.close();
  }, [dial]);

  return {
    ticket,
    view,
    canvasRef,
    /** Opens a session on a terminal (or joins its running one); the API shows any refusal. */
    open: async (sn: string, mode: 'control' | 'view', password?: string) =>
      dial(await call(remoteRoutes.open, { body: { sn, mode, password } })),
    /** A new token for the same place after the connection dropped. */
    reconnect: async () => {
      if (ticket) dial(await call(remoteRoutes.token, { body: { sessionId: ticket.sessionId } }));
    },
    /** Ends the session for everyone. */
    end: async () => {
      if (ticket)
        await call(remoteRoutes.close, { body: { sessionId: ticket.sessionId }, notifySuccess: true });
    },
    /** Leaves the viewer (the session goes on for the others). */
    leave: () => {
      sessionStorage.removeItem(SAVED_KEY);
      connection.current?.close();
      connection.current = null;
      setTicket(null);
      setView(null);
    },
    input: (input: RemoteInput) => connection.current?.input(input),
    settings: (settings: RemoteSettings) => connection.current?.settings(settings),
  };
};

export type RemoteSessionHandle = ReturnType<typeof useRemoteSession>;
