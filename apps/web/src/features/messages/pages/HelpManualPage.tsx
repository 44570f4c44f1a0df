import { SearchOutlined } from '@ant-design/icons';
import { Card, Empty, Input, Typography } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToElement } from '../../../shared/scroll/smoothScroll';
import { THEME_SIDEBAR_WIDTH } from '../../../shared/theme/themeSizes';
import { MessageBody } from '../components/MessageBody';
import { loadManual, type ManualLanguage, searchManual } from '../manual/manualContent';
import './helpManual.css';

const scrollTo = (id: string) => {
  const target = document.getElementById(id);
  if (target) scrollToElement(target);
};

/** A contents entry: scrolls smoothly to its place instead of jumping there. */
const TocLink = ({ id, title }: { id: string; title: string }) => (
  <a
    href={`#${id}`}
    onClick={(e) => {
      e.preventDefault();
      scrollTo(id);
    }}
  >
    {title}
  </a>
);

/** The contents column keeps the theme's sidebar width beside the text on wide screens. */
const layoutStyle = { '--cpm-theme-sidebar': `${THEME_SIDEBAR_WIDTH}px` } as CSSProperties;

/** The bilingual help manual: contents on the side, search over every section of the current language. */
export const HelpManualPage = () => {
  const { t, i18n } = useTranslation('messages');
  const language: ManualLanguage = i18n.language === 'zh' ? 'zh' : 'en';
  const [query, setQuery] = useState('');
  const chapters = useMemo(() => loadManual(language), [language]);
  const shown = useMemo(() => searchManual(chapters, query), [chapters, query]);
  const found = shown.reduce((n, c) => n + c.sections.length, 0);

  return (
    <div className="cpm-page cpm-help-manual" data-testid="help-manual-page">
      <div className="cpm-help-layout" style={layoutStyle}>
        <aside className="cpm-help-aside" data-testid="help-aside">
          <Card variant="borderless" className="cpm-help-toc">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('manual.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="help-search"
            />
            {query.trim() && (
              <Typography.Text type="secondary" className="cpm-help-count" data-testid="help-search-count">
                {found
                  ? t('manual.results', { count: found })
                  : t('manual.noResults', { query: query.trim() })}
              </Typography.Text>
            )}
            <nav aria-label={t('manual.contents')} data-testid="help-toc">
              <Typography.Text strong className="cpm-help-toc-title">
                {t('manual.contents')}
              </Typography.Text>
              <ul>
                {shown.map((chapter) => (
                  <li key={chapter.id}>
                    <TocLink id={chapter.id} title={chapter.title} />
                    <ul>
                      {chapter.sections.map((section) => (
                        <li key={section.id}>
                          <TocLink id={section.id} title={section.title} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </nav>
          </Card>
        </aside>
        <div className="cpm-help-main">
          <Card variant="borderless" data-testid="help-content">
            {shown.length === 0 && <Empty description={t('manual.noResults', { query: query.trim() })} />}
            {shown.map((chapter) => (
              <article key={chapter.id} id={chapter.id} className="cpm-help-chapter">
                <Typography.Title level={3}>{chapter.title}</Typography.Title>
                {!query.trim() && <MessageBody html={chapter.introHtml} />}
                {chapter.sections.map((section) => (
                  <section key={section.id} id={section.id} className="cpm-help-section">
                    <Typography.Title level={4}>{section.title}</Typography.Title>
                    <MessageBody html={section.html} />
                  </section>
                ))}
              </article>
            ))}
          </Card>
        </div>
      </div>
    </div>
  );
};
