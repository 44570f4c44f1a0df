import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What enrolment leaves behind: the terminal's SN, its secret and the key to enrol again with. */
export type Identity = { sn: string; secret: string; enrollmentKey: string; heartbeatIntervalSec: number };

/**
 * The agent's state folder: readable by the agent's user only (0700), each file 0600, written
 * whole through a temporary file and a rename so a crash never leaves half a secret.
 */
export const openState = (dir: string) => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const file = (name: string) => path.join(dir, name);

  const write = (name: string, value: unknown) => {
    const tmp = file(`.${name}.tmp`);
    writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file(name));
  };
  const read = <T>(name: string): T | null =>
    existsSync(file(name)) ? (JSON.parse(readFileSync(file(name), 'utf8')) as T) : null;

  return {
    dir,
    file,
    read,
    write,
    identity: () => read<Identity>('identity.json'),
    saveIdentity: (id: Identity) => write('identity.json', id),
    /** A folder inside the state folder (downloads, captures), 0700 as well. */
    folder(name: string) {
      const p = file(name);
      mkdirSync(p, { recursive: true, mode: 0o700 });
      return p;
    },
  };
};
export type AgentState = ReturnType<typeof openState>;
