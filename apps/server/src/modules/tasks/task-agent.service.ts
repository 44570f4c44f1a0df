import {
  DEVICE_PROTOCOL,
  type PulledTask,
  parseUpTopic,
  type TaskConditions,
  type TaskPullAnswer,
  type TaskReport,
  type TaskReportAnswer,
  TaskReportSchema,
  type TaskType,
} from '@cpm/contracts';
import type { DeviceCaller } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';
import { parseJsonMessage } from '../../shared/json-message';
import type { FileLinks, TaskTypeRegistry } from './task-type-registry';
import type { TasksRepository } from './tasks.repository';

/**
 * The terminal's side of remote tasks: pulling its work (waiting becomes pulled), the number waiting
 * for the heartbeat answer, and results over HTTP or MQTT, which only move a delivery forward.
 */
export const createTaskAgentService = (deps: {
  repo: TasksRepository;
  types: TaskTypeRegistry;
  links: FileLinks;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}) => {
  const { repo, clock } = deps;
  const stats = { pulls: 0, reports: 0, malformed: 0, refused: 0 };

  const report = async (terminalId: string, body: TaskReport): Promise<TaskReportAnswer> => {
    const now = clock.now();
    stats.reports++;
    const results = await repo.report(
      terminalId,
      body.results.map((r) => ({
        deliveryId: r.deliveryId,
        attempt: r.attempt,
        state: r.state,
        deferReason: r.deferReason,
        message: r.message,
        // A terminal's clock may be wrong; never later than now.
        at: r.ts ? new Date(Math.min(r.ts, now.getTime())) : now,
      })),
      now,
    );
    // The terminal hears what became of each result; which task it belongs to is the server's own.
    return { results: results.map(({ deliveryId, accepted, state }) => ({ deliveryId, accepted, state })) };
  };

  return {
    stats: () => ({ ...stats }),

    async pull(device: DeviceCaller): Promise<TaskPullAnswer> {
      const now = clock.now();
      stats.pulls++;
      const rows = await repo.pull(device.id, now);
      const tasks: PulledTask[] = rows.map((r) => {
        const handler = deps.types.get(r.type as TaskType);
        return {
          deliveryId: r.deliveryId,
          taskId: r.taskId,
          attempt: r.attempt,
          type: r.type as TaskType,
          params: r.params,
          file: r.resource && handler?.file ? handler.file(r.resource, deps.links) : null,
          conditions: r.conditions as TaskConditions,
          notAfter: r.endsAt.getTime(),
        };
      });
      return { tasks, serverTime: now.getTime() };
    },

    /** Waiting work a terminal could pull now. */
    pending: (device: Pick<DeviceCaller, 'id'>) => repo.pending(device.id),

    report: (device: DeviceCaller, body: TaskReport) => report(device.id, body),

    /** A result published on `cpm/dev/{sn}/up/result`; malformed or unknown senders are dropped and counted. */
    async handleResultMessage(topic: string, payload: Buffer) {
      const parsed = parseUpTopic(topic);
      if (parsed?.kind !== 'result' || payload.length > DEVICE_PROTOCOL.maxPayloadBytes) {
        stats.malformed++;
        return;
      }
      const body = parseJsonMessage(payload, TaskReportSchema);
      if (!body) {
        stats.malformed++;
        return;
      }
      const terminal = await repo.terminalBySn(parsed.sn);
      if (!terminal) {
        stats.refused++;
        return;
      }
      await report(terminal.id, body);
    },
  };
};

export type TaskAgentService = ReturnType<typeof createTaskAgentService>;
