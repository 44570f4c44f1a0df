import type { EndpointDef } from '@cpm/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { SeedResult } from './db/seed/seed';
import type { Broker } from './gateway/broker';
import type { createAgentService } from './modules/agent/agent.service';
import type { createAppMarketModule } from './modules/appmarket/appmarket.module';
import type { AppInstaller } from './modules/appmarket/appmarket.service';
import type { ShipperTimings } from './modules/auditstream/audit-shipper';
import type { SessionConnections } from './modules/auth/session-connections';
import type { BlobsService } from './modules/blobs/blobs.service';
import type { DatacenterService } from './modules/datacenter/datacenter.service';
import type { createJobsModule } from './modules/jobs/jobs.module';
import type { JobsOptions } from './modules/jobs/jobs.service';
import type { createRemoteModule } from './modules/remote/remote.module';
import type { FileUsage } from './modules/sysfiles/sysfiles.service';
import type { TasksModule, TasksOptions } from './modules/tasks/tasks.module';
import type { OutboundService } from './modules/webhooks/outbound.service';
import type { registerMetrics } from './plugins/metrics';
import type { Clock } from './shared/clock';

export type AppDeps = {
  config: Config;
  /** An open database; by default the one the configuration names. */
  database?: Database;
  clock?: Clock;
  /** false skips the broker (route tests that need no live events). */
  broker?: boolean;
  /** Device gateway timing (tests shorten or stop them). */
  gateway?: { flushMs?: number; sweepMs?: number; offlineAfterMs?: number; fleetEventsMs?: number };
  /**
   * Bounds on how long closing waits for each part (`shutdown.ts`): the process passes them, so a
   * stop meets its grace; tests leave them out and wait for every part.
   */
  shutdown?: { budgetMs: number; finalMs: number };
  /** How often every live console connection's session is checked again (default 30 s). */
  sessionCheckMs?: number;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Background job runner timing; `run: false` leaves the runner stopped (tests drive it). */
  jobs?: Partial<JobsOptions> & { run?: boolean };
  /** Audit stream shipper timing; `run: false` leaves it stopped. */
  auditStream?: Partial<ShipperTimings> & { run?: boolean };
  /** Who uses system files (remote tasks); nothing does when absent. */
  sysFileUsage?: FileUsage;
  /** Creates install tasks for the app market (remote tasks); nothing installs when absent. */
  appInstaller?: AppInstaller;
  /** Remote tasks' monitor, fan-out batch and nudge limits (tests stop the monitor). */
  tasks?: TasksOptions;
};

export type App = {
  app: FastifyInstance;
  database: Database;
  broker: Broker | null;
  seed: SeedResult;
  /** The device gateway's rules (tests drive the sweep and flush directly). */
  agent: ReturnType<typeof createAgentService>;
  /** The data centre's rules (tests write the gathered rollups with `activity.writeAll`). */
  datacenter: DatacenterService;
  /** Files: uploads, downloads, signed links, the orphan sweep (a scheduler calls `sweepOrphans`). */
  blobs: BlobsService;
  /** Every endpoint the server answers, as registered. */
  endpoints: readonly EndpointDef[];
  /** Resolves once live notices queued so far have gone out. */
  noticesIdle(): Promise<void>;
  /** Background jobs: enqueue, handlers, the runner. */
  jobs: ReturnType<typeof createJobsModule>;
  /** Remote desktop: session rules and the relay. */
  remote: Awaited<ReturnType<typeof createRemoteModule>>;
  /** The app market's rules (tests run the health gate directly). */
  appMarket: ReturnType<typeof createAppMarketModule>['market'];
  /** Remote tasks: services, the monitor pass (`tick`), nudges. */
  tasks: TasksModule;
  /** Prometheus metrics: the registry, and the separate listener's port once listening. */
  metrics: ReturnType<typeof registerMetrics>;
  /** The long-lived connections console sessions hold, closed when their session ends. */
  sessionConnections: SessionConnections;
  /** Signed outbound delivery (tests publish events and run deliveries through it). */
  webhooks: OutboundService;
};
