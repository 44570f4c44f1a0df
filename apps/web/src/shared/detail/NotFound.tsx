import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** Where a page whose record is missing leads back to: its list. */
export type BackTo = { to: string; label: ReactNode };

/** The way from a record's page back to its list. */
export const BackButton = ({ back, primary = false }: { back: BackTo; primary?: boolean }) => {
  const navigate = useNavigate();
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={<ArrowLeftOutlined />}
      onClick={() => navigate(back.to)}
      data-testid="detail-back"
    >
      {back.label}
    </Button>
  );
};

/**
 * The answer for a record that does not exist or is not visible: the 404 picture, what is missing
 * and the way back to the list it belongs to, so the page is never a dead end.
 */
export const NotFound = ({ title, back, testId }: { title: ReactNode; back: BackTo; testId?: string }) => (
  <div className="cpm-page cpm-exception" data-testid={testId}>
    <Result
      status="404"
      title={title}
      data-testid="detail-not-found"
      extra={<BackButton back={back} primary />}
    />
  </div>
);
