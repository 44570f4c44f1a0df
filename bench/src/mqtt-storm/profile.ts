import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

/**
 * With STORM_CPU_PROF=<dir>, SIGUSR2 starts a CPU profile of this process and the next SIGUSR2 writes it
 * there as `<name>-<time>.cpuprofile` and prints `PROFILE {"file":...}`: a profile of exactly the
 * window the benchmark compares, not of start-up and the ramp.
 */
export const profileOnSignal = (name: string) => {
  const dir = process.env.STORM_CPU_PROF;
  if (!dir) return;
  const session = new inspector.Session();
  session.connect();
  let profiling = false;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (err, result) => {
      if (err) return process.stdout.write(`PROFILE ${JSON.stringify({ error: String(err) })}\n`);
      const file = path.join(dir, `${name}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      process.stdout.write(`PROFILE ${JSON.stringify({ file })}\n`);
    });
  });
};
