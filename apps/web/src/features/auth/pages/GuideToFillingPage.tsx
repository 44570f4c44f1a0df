import { LogoutOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageDropdown } from '../../../layout/header/LanguageDropdown';
import { ThemeToggle } from '../../../layout/header/ThemeToggle';
import { Logo } from '../../../shared/Logo';
import { logout } from '../authService';

/**
 * Where accounts with incomplete details land after login. The details form comes with the
 * registration feature; until then this page says so honestly and offers the way out.
 */
export const GuideToFillingPage = () => {
  const { t } = useTranslation('auth');
  return (
    <div className="cpm-standalone" data-testid="guide-page">
      <header className="cpm-standalone-header">
        <div className="cpm-standalone-brand">
          <Logo size={32} />
          <span>{t('common:app.name')}</span>
        </div>
        <div>
          <LanguageDropdown />
          <ThemeToggle />
        </div>
      </header>
      <main className="cpm-standalone-body">
        <Result
          status="info"
          title={t('guide.title')}
          subTitle={
            <>
              <p>{t('guide.description')}</p>
              <p>{t('guide.notAvailable')}</p>
            </>
          }
          extra={
            <Button icon={<LogoutOutlined />} onClick={() => void logout()} data-testid="guide-logout">
              {t('common:actions.logout')}
            </Button>
          }
        />
      </main>
    </div>
  );
};
