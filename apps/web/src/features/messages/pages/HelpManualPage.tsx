import { SearchOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Input, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBody } from '../components/MessageBody';
import { loadManual, type ManualLanguage, searchManual } from '../manual/manualContent';
import './helpManual.css';

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

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
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} lg={6}>
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
                    <a
                      href={`#${chapter.id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        scrollTo(chapter.id);
                      }}
                    >
                      {chapter.title}
                    </a>
                    <ul>
                      {chapter.sections.map((section) => (
                        <li key={section.id}>
                          <a
                            href={`#${section.id}`}
                            onClick={(e) => {
                              e.preventDefault();
                              scrollTo(section.id);
                            }}
                          >
                            {section.title}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </nav>
          </Card>
        </Col>
        <Col xs={24} md={17} lg={18}>
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
        </Col>
      </Row>
    </div>
  );
};
