import { AppstoreOutlined, WindowsOutlined } from '@ant-design/icons';
import type { AppReviewStatus, AppRow, ReleaseStatus, ShelfStatus } from '@cpm/contracts';
import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../shared/image/SafeImage';

const REVIEW_COLOR: Record<AppReviewStatus, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};
const RELEASE_COLOR: Record<ReleaseStatus, string> = {
  none: 'default',
  gray: 'purple',
  paused: 'warning',
  official: 'success',
  rolledBack: 'error',
};

/** A version's review state. */
export const ReviewTag = ({ status }: { status: AppReviewStatus }) => {
  const { t } = useTranslation('appmarket');
  return (
    <Tag color={REVIEW_COLOR[status]} data-testid="review-status" data-status={status}>
      {t(`review.${status}`)}
    </Tag>
  );
};

/** A version's release state. */
export const ReleaseTag = ({ status }: { status: ReleaseStatus }) => {
  const { t } = useTranslation('appmarket');
  return (
    <Tag color={RELEASE_COLOR[status]} data-testid="release-status" data-status={status}>
      {t(`release.${status}`)}
    </Tag>
  );
};

/** Whether an app is on the shelf. */
export const ShelfTag = ({ status }: { status: ShelfStatus }) => {
  const { t } = useTranslation('appmarket');
  return (
    <Tag color={status === 'launched' ? 'green' : 'default'} data-testid="shelf-status" data-status={status}>
      {t(`shelf.${status}`)}
    </Tag>
  );
};

/** The app's launcher icon (a signed link), or its platform's symbol. */
export const AppIcon = ({
  app,
  size = 40,
}: {
  app: Pick<AppRow, 'iconUrl' | 'platform' | 'name'>;
  size?: number;
}) =>
  app.iconUrl ? (
    <Avatar
      shape="square"
      size={size}
      src={<SafeImage src={app.iconUrl} alt={app.name} compact width={size} height={size} />}
    />
  ) : (
    <Avatar
      shape="square"
      size={size}
      icon={app.platform === 'windows' ? <WindowsOutlined /> : <AppstoreOutlined />}
      alt={app.name}
    />
  );
