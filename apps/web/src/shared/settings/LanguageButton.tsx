import { TranslationOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The language switch's button; the sign-in page shows it alone until first used. As a dropdown's
 * child it passes on the ref and the handlers the dropdown gives it.
 */
export const LanguageButton = ({
  className,
  ref,
  ...rest
}: ButtonProps & { ref?: Ref<HTMLButtonElement | HTMLAnchorElement> }) => {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      className={className ?? 'cpm-icon-button'}
      icon={<TranslationOutlined />}
      aria-label={t('common:language.label')}
      title={t('common:language.label')}
      data-testid="language-dropdown"
      {...rest}
      ref={ref}
    />
  );
};
