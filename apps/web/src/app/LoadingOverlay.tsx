import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOverlayStore } from '../api/overlayStore';

/**
 * The blocking overlay shown while requests run (spec section 7). Its look (`cpm-loading-overlay` in
 * global.css) keeps the text readable in both themes while the mask fades in.
 */
export const LoadingOverlay = () => {
  const visible = useOverlayStore((s) => s.visible);
  const { t } = useTranslation();
  return (
    <Spin
      fullscreen
      spinning={visible}
      description={t('common:loading')}
      className="cpm-loading-overlay"
      data-testid="loading-overlay"
    />
  );
};
