import { createContext, type ReactNode, useContext } from 'react';

/** The current page's name in the reader's language, as the menu, the breadcrumbs and the tab show it. */
export const PageTitleContext = createContext<string | null>(null);

type Props = {
  /** Replaces the page's menu name, for a page that is not in the menu. */
  title?: ReactNode;
  /** Buttons at the right end of the header. */
  extra?: ReactNode;
};

/**
 * The heading every list page opens with, above its cards: the page's menu name by default, so it
 * always reads the same as the breadcrumbs and the worktab.
 */
export const PageHeader = ({ title, extra }: Props) => {
  const pageTitle = useContext(PageTitleContext);
  const shown = title ?? pageTitle;
  if (!shown) return null;
  return (
    <div className="cpm-page-header" data-testid="page-header">
      {/* A plain heading: antd's Typography brings tooltips, ellipsis and editing to every list. */}
      <h4 className="cpm-page-title">{shown}</h4>
      {extra && <div className="cpm-page-header-extra">{extra}</div>}
    </div>
  );
};
