import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutStore } from '../layoutStore';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's search trigger; Ctrl/Cmd+K opens it from anywhere. */
export const HeaderSearchTrigger = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation('layout');
  const setOpen = useLayoutStore((s) => s.setSearchOpen);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
  if (compact) {
    return (
      <Button
        type="text"
        className="cpm-icon-button"
        icon={<SearchOutlined />}
        aria-label={t('search.trigger')}
        onClick={() => setOpen(true)}
        data-testid="header-search"
      />
    );
  }
  return (
    <button
      type="button"
      className="cpm-search-trigger"
      onClick={() => setOpen(true)}
      data-testid="header-search"
    >
      <SearchOutlined />
      <span className="cpm-search-trigger-text">{t('search.trigger')}</span>
      <kbd>{isMac ? '⌘' : 'Ctrl'} K</kbd>
    </button>
  );
};
