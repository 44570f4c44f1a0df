import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The table status field: 1 已启用 / Enabled, 0 已禁用 / Disabled. */
export const StatusTag = ({ status }: { status: 0 | 1 | boolean }) => {
  const { t } = useTranslation('accounts');
  const on = status === 1 || status === true;
  return <Tag color={on ? 'success' : 'default'}>{on ? t('status.enabled') : t('status.disabled')}</Tag>;
};
