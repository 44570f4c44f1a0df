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
  superseded: 'default',
};

/** A state of an app or version: its label from `<kind>.<status>`, marked for tests as `<kind>-status`. */
const StateTag = ({
  kind,
  status,
  color,
}: {
  kind: 'review' | 'release' | 'shelf';
  status: string;
  color: string;
}) => {
  const { t } = useTranslation('appmarket');
  return (
    <Tag color={color} data-testid={`${kind}-status`} data-status={status}>
      {t(`${kind}.${status}`)}
    </Tag>
  );
};

/** A version's review state. */
export const ReviewTag = ({ status }: { status: AppReviewStatus }) => (
  <StateTag kind="review" status={status} color={REVIEW_COLOR[status]} />
);

/** A version's release state. */
export const ReleaseTag = ({ status }: { status: ReleaseStatus }) => (
  <StateTag kind="release" status={status} color={RELEASE_COLOR[status]} />
);

/** Whether an app is on the shelf. */
export const ShelfTag = ({ status }: { status: ShelfStatus }) => (
  <StateTag kind="shelf" status={status} color={status === 'launched' ? 'green' : 'default'} />
);

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
