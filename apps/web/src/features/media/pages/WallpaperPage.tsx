import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/page/PageHeader';
import { BootAnimationList } from '../components/BootAnimationList';
import { WallpaperList } from '../components/WallpaperList';
import '../media.css';

const TABS = ['wallpapers', 'boot'] as const;
type Tab = (typeof TABS)[number];

/** `/sysManage/wallpaper`: wallpapers and videos, and boot animations; the tab is in the address (`?tab=boot`). */
export const WallpaperPage = () => {
  const { t } = useTranslation('media');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'wallpapers';
  return (
    <div className="cpm-page" data-testid="media-page">
      <PageHeader />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('tab', key);
              return next;
            })
          }
          destroyOnHidden
          items={[
            { key: 'wallpapers', label: t('tabs.wallpapers'), children: <WallpaperList /> },
            { key: 'boot', label: t('tabs.boot'), children: <BootAnimationList /> },
          ]}
        />
      </Card>
    </div>
  );
};
