import { Empty } from 'antd';
import { useCanOpen } from '../../../shared/auth/useCanOpen';
import { AlertList } from './AlertList';

/** The alert centre's page: whoever may open it may see alerts (buttons are the only stored keys). */
export const ALERT_CENTRE_PATH = '/device/alertCenter';

/** The terminal page's alerts tab: its open and past alerts, newest first, handled in place. */
export const TerminalAlertsTab = ({ sn }: { sn: string }) =>
  useCanOpen()(ALERT_CENTRE_PATH) ? (
    <AlertList sn={sn} testId="terminal-alerts" title={false} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
  );
