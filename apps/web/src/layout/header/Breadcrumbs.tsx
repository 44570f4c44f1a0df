import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { resolveRouteMeta } from '../../router/routeMeta';
import { useMenuRoutes } from '../../shared/menu/useMenuRoutes';

/** Group and page of the current location. */
export const Breadcrumbs = () => {
  const { i18n } = useTranslation();
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const { pathname } = useLocation();
  const { routes } = useMenuRoutes();
  const meta = resolveRouteMeta(routes, pathname);
  if (!meta) return null;
  const items = [...(meta.group ? [{ title: meta.group[language] }] : []), { title: meta.title[language] }];
  return <Breadcrumb className="cpm-breadcrumbs" items={items} data-testid="breadcrumbs" />;
};
