import { Auth } from '../../../shared/auth/Auth';
import { AlertList } from './AlertList';

/** The terminal page's alerts tab: its open and past alerts, newest first, handled in place. */
export const TerminalAlertsTab = ({ sn }: { sn: string }) => (
  <Auth permission="device:alert:view">
    <AlertList sn={sn} testId="terminal-alerts" title={false} />
  </Auth>
);
