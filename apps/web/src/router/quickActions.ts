import { lazy } from 'react';

/** The commands domain's push, command, reboot and remote desktop actions, for the list and the page. */
export const quickActions = lazy(() =>
  import('../features/commands/components/TerminalQuickActions').then((m) => ({
    default: m.TerminalQuickActions,
  })),
);
