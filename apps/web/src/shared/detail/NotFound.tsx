import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** Where a page whose record is missing leads back to: its list. */
export type BackTo = { to: string; label: ReactNode };

/**
 * The answer for a record that does not exist or is not visible: the 404 picture, what is missing
 * and the way back to the list it belongs to, so the page is never a dead end.
 */
export const NotFound = ({ title, back, testId }: { title: ReactNode; back: BackTo; testId?: string }) => {
  const navigate = useNavigate();
  return (
    <div className="cpm-page cpm-exception" data-testid={testId}>
      <Result
        status="404"
        title={title}
        data-testid="detail-not-found"
        extra={
          <Button
            type="primary"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(back.to)}
            data-testid="detail-back"
          >
            {back.label}
          </Button>
        }
      />
    </div>
  );
};
