import type { CommandCounts } from '@cpm/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Results of a command at a glance: successes, failures, still open, ended without running. */
export const CommandResultTag = ({ counts }: { counts: CommandCounts }) => {
  const { t } = useTranslation('commands');
  return (
    <Space size={4} wrap data-testid="command-counts">
      {counts.success > 0 && <Tag color="success">{t('counts.success', { count: counts.success })}</Tag>}
      {counts.failure > 0 && <Tag color="error">{t('counts.failure', { count: counts.failure })}</Tag>}
      {counts.open > 0 && <Tag color="processing">{t('counts.open', { count: counts.open })}</Tag>}
      {counts.ended > 0 && <Tag>{t('counts.ended', { count: counts.ended })}</Tag>}
    </Space>
  );
};
