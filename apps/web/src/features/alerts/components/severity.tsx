import type { AlertSeverity, AlertState } from '@cpm/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const SEVERITY_COLOUR: Record<AlertSeverity, string> = {
  critical: 'magenta',
  high: 'red',
  medium: 'orange',
  low: 'gold',
  info: 'blue',
};
const STATE_COLOUR: Record<AlertState, string> = {
  open: 'error',
  acknowledged: 'warning',
  closed: 'default',
};

/** An alert's severity as a coloured tag in the current language. */
export const SeverityTag = ({ value }: { value: AlertSeverity }) => {
  const { t } = useTranslation('alerts');
  return <Tag color={SEVERITY_COLOUR[value]}>{t(`severity.${value}`)}</Tag>;
};

/** An alert's state as a tag. */
export const StateTag = ({ value }: { value: AlertState }) => {
  const { t } = useTranslation('alerts');
  return <Tag color={STATE_COLOUR[value]}>{t(`state.${value}`)}</Tag>;
};
