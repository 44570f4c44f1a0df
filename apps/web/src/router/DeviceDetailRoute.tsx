import { lazy } from 'react';
import { DeviceDetailPage, type DeviceDetailSlots } from '../features/devices/pages/DeviceDetailPage';
import { quickActions } from './quickActions';

/** The tabs other domains add to the terminal's page, each loaded when it is first shown. */
const slots: DeviceDetailSlots = {
  PlanTab: lazy(() =>
    import('../features/tasks/components/TerminalPlanTab').then((m) => ({ default: m.TerminalPlanTab })),
  ),
  PolicyTab: lazy(() =>
    import('../features/policies/components/TerminalPolicyTab').then((m) => ({
      default: m.TerminalPolicyTab,
    })),
  ),
  AlertsTab: lazy(() =>
    import('../features/alerts/components/TerminalAlertsTab').then((m) => ({
      default: m.TerminalAlertsTab,
    })),
  ),
  FilesTab: lazy(() =>
    import('../features/commands/components/DeviceTools').then((m) => ({ default: m.TerminalFilesTab })),
  ),
  ConfigTab: lazy(() =>
    import('../features/commands/components/TerminalConfigTab').then((m) => ({
      default: m.TerminalConfigTab,
    })),
  ),
  PermissionsTab: lazy(() =>
    import('../features/commands/components/DeviceTools').then((m) => ({
      default: m.TerminalPermissionsTab,
    })),
  ),
  QuickActions: quickActions,
  UninstallButton: lazy(() =>
    import('../features/commands/components/DeviceTools').then((m) => ({ default: m.UninstallButton })),
  ),
};

/**
 * The terminal's page (`device/deviceDetail/:sn`) with the tabs of the tasks, commands, policies and
 * alerts domains and the commands domain's quick actions.
 */
export const DeviceDetailRoute = () => <DeviceDetailPage slots={slots} />;
