import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../worktabs/worktabRules';

export type ExceptionStatus = 403 | 404 | 500;

/** The 403 / 404 / 500 pages, inside the frame. */
export const ExceptionPage = ({ status }: { status: ExceptionStatus }) => {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  return (
    <div className="cpm-page cpm-exception" data-testid={`exception-${status}`}>
      <Result
        status={status}
        title={<span className="cpm-exception-code">{status}</span>}
        subTitle={
          <>
            <div className="cpm-exception-title">{t(`${status}.title`)}</div>
            <div>{t(`${status}.description`)}</div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)} data-testid="exception-home">
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </div>
  );
};
