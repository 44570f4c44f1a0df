import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../app/AppProviders';
import { changeLanguage, currentLanguage } from '../../i18n';
import type { AppLanguage } from '../../i18n/detectLanguage';
import { useLayoutStore } from '../layoutStore';

const LANGUAGES: AppLanguage[] = ['cn', 'en'];

/** cn / en switch; persists the choice and reloads the page content in the new language (spec section 4). */
export const LanguageDropdown = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const refresh = useLayoutStore((s) => s.refresh);
  const active = currentLanguage();
  const select = async (language: AppLanguage) => {
    if (language === active) return;
    await changeLanguage(language);
    refresh();
    void queryClient.invalidateQueries();
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: <span data-testid={`language-option-${language}`}>{t(`common:language.${language}`)}</span>,
        })),
        onClick: ({ key }) => void select(key as AppLanguage),
      }}
    >
      <Button
        type="text"
        className={className ?? 'cpm-icon-button'}
        icon={<TranslationOutlined />}
        aria-label={t('common:language.label')}
        title={t('common:language.label')}
        data-testid="language-dropdown"
      />
    </Dropdown>
  );
};
