import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from './settingsStore';
import { useResolvedTheme } from './useResolvedTheme';

/** One-click light / dark switch (login page and header). */
export const ThemeToggle = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const theme = useResolvedTheme();
  const update = useSettingsStore((s) => s.update);
  return (
    <Button
      type="text"
      className={className ?? 'cpm-icon-button'}
      icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      aria-label={t('common:theme.toggle')}
      title={t('common:theme.toggle')}
      data-testid="theme-toggle"
      onClick={() => update({ themeMode: theme === 'dark' ? 'light' : 'dark' })}
    />
  );
};
