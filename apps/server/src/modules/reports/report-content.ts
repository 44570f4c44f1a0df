import type { AlertRow, ReportSection, TaskNameText, TerminalRow } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';

/** The fleet's figures in the owner's scope. */
export type FleetFigures = {
  total: number;
  online: number;
  offline: number;
  byStatus: { status: string; count: number }[];
};

/** One task's deliveries that ended in the period. */
export type TaskOutcome = {
  taskId: string;
  name: string;
  /** The name the system gave the task, rendered in the reader's language; null for a typed one. */
  nameText: TaskNameText | null;
  type: string;
  succeeded: number;
  failed: number;
};

/** Policy fields of the owner's terminals by compliance state and severity. */
export type ComplianceCount = { state: string; severity: string; count: number };

/** A list cut at a length, with how long it was. */
export type Listed<T> = { rows: T[]; total: number };

/** The time a report covers, start included, end excluded. */
export type Period = { from: Date; to: Date };

/** What a report is drawn from: each other domain's own reads, in the owner's scope. */
export type ReportSources = {
  fleet(auth: AuthContext): Promise<FleetFigures>;
  offline(auth: AuthContext, limit: number): Promise<Listed<TerminalRow>>;
  alerts(auth: AuthContext, period: Period, limit: number): Promise<Listed<AlertRow>>;
  tasks(auth: AuthContext, period: Period): Promise<TaskOutcome[]>;
  compliance(auth: AuthContext): Promise<ComplianceCount[]>;
};

/** What one report holds: a part per chosen section the owner may see. */
export type ReportData = {
  period: Period;
  fleet?: FleetFigures;
  offline?: Listed<TerminalRow>;
  alerts?: Listed<AlertRow>;
  tasks?: TaskOutcome[];
  compliance?: ComplianceCount[];
  /** Chosen sections left out because the owner no longer holds the page they come from. */
  omitted: ReportSection[];
};

/** The page whose view permission a section needs: a report shows only what its owner may open. */
export const SECTION_PERMISSION: Record<ReportSection, string> = {
  fleet: 'device:terminal:view',
  offline: 'device:terminal:view',
  alerts: 'device:alert:view',
  tasks: 'task:task:view',
  compliance: 'device:policy:view',
};

/** Rows a list section carries at most; the summary says how many there were. */
export const LIST_ROWS_MAX = 5000;

/** Reads the chosen sections the owner may see, in the owner's data scope. */
export const gatherReport = async (
  sources: ReportSources,
  owner: AuthContext,
  sections: readonly ReportSection[],
  period: Period,
): Promise<ReportData> => {
  const allowed = (s: ReportSection) => owner.permissions.has(SECTION_PERMISSION[s]);
  const wants = (s: ReportSection) => sections.includes(s) && allowed(s);
  const [fleet, offline, alerts, tasks, compliance] = await Promise.all([
    wants('fleet') ? sources.fleet(owner) : undefined,
    wants('offline') ? sources.offline(owner, LIST_ROWS_MAX) : undefined,
    wants('alerts') ? sources.alerts(owner, period, LIST_ROWS_MAX) : undefined,
    wants('tasks') ? sources.tasks(owner, period) : undefined,
    wants('compliance') ? sources.compliance(owner) : undefined,
  ]);
  return {
    period,
    fleet,
    offline,
    alerts,
    tasks,
    compliance,
    omitted: sections.filter((s) => !allowed(s)),
  };
};
