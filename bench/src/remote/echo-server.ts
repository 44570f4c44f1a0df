// The baseline of the remote relay benchmark: a bare `ws` relay that passes each terminal's frames to
// its viewer and the viewer's acknowledgements back, with no tokens, database, flow control or recording.
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

const pairs = new Map<string, { terminal?: WebSocket; viewer?: WebSocket }>();
const wss = new WebSocketServer({
  port: 0,
  host: '127.0.0.1',
  perMessageDeflate: false,
  maxPayload: 1 << 20,
});
wss.on('connection', (ws, req) => {
  const url = new URL(req.url ?? '/', 'http://echo');
  const id = url.searchParams.get('id') ?? '';
  const role = url.pathname === '/terminal' ? 'terminal' : 'viewer';
  const pair = pairs.get(id) ?? {};
  pairs.set(id, pair);
  pair[role] = ws;
  ws.on('message', (data, isBinary) => {
    const to = role === 'terminal' ? pair.viewer : pair.terminal;
    if (to?.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary });
  });
  ws.on('close', () => {
    if (pair[role] === ws) delete pair[role];
  });
});
wss.on('listening', () => {
  process.on('message', (m: { type: string }) => {
    if (m.type === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: 'memory', ...process.memoryUsage(), live: pairs.size });
    }
  });
  process.send?.({ type: 'ready', port: (wss.address() as AddressInfo).port });
});
