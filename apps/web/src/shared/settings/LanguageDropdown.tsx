import { useQueryClient } from '@tanstack/react-query';
import { Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n';
import type { AppLanguage } from '../../i18n/detectLanguage';
import { LanguageButton } from './LanguageButton';

const LANGUAGES: AppLanguage[] = ['cn', 'en'];

/** cn / en switch; persists the choice and reloads the page content in the new language (spec section 4). */
export const LanguageDropdown = ({
  className,
  initiallyOpen = false,
  onChanged,
}: {
  className?: string;
  initiallyOpen?: boolean;
  /** Called once the new language is in place; the frame uses it to reload the page's content. */
  onChanged?: () => void;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Opened once mounted: a popup mounted open is placed before its button is measured.
  useEffect(() => {
    if (initiallyOpen) setOpen(true);
  }, [initiallyOpen]);
  const queryClient = useQueryClient();
  const active = currentLanguage();
  const select = async (language: AppLanguage) => {
    if (language === active) return;
    await changeLanguage(language);
    onChanged?.();
    void queryClient.invalidateQueries();
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: <span data-testid={`language-option-${language}`}>{t(`common:language.${language}`)}</span>,
        })),
        onClick: ({ key }) => {
          setOpen(false);
          void select(key as AppLanguage);
        },
      }}
    >
      <LanguageButton className={className} />
    </Dropdown>
  );
};
