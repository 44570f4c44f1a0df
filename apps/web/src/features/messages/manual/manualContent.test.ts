import { DEFAULT_MENU } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { loadManual, parseChapter, searchManual } from './manualContent';

describe('help manual', () => {
  it.each(['en', 'zh'] as const)('has a section for every page of the menu (%s)', (language) => {
    const titles = new Set(loadManual(language).flatMap((c) => c.sections.map((s) => s.title)));
    const missing = DEFAULT_MENU.flatMap((m) => m.pages)
      .map((p) => (language === 'en' ? p.en : p.zh))
      .filter((name) => !titles.has(name));
    expect(missing).toEqual([]);
  });

  it('has the same chapters in both languages', () => {
    const shape = (language: 'en' | 'zh') => loadManual(language).map((c) => [c.id, c.sections.length]);
    expect(shape('zh')).toEqual(shape('en'));
  });

  it('renders Markdown and strips anything active from it', () => {
    const chapter = parseChapter(
      '# T\n\nIntro\n\n## A\n\n**bold** <script>alert(1)</script> [x](javascript:alert(1))',
      'c',
    );
    expect(chapter.title).toBe('T');
    expect(chapter.introHtml).toContain('<p>Intro</p>');
    expect(chapter.sections[0].html).toContain('<strong>bold</strong>');
    expect(chapter.sections[0].html).not.toMatch(/<script|javascript:/);
  });

  it('finds sections by every word of the query, in any letter case', () => {
    const found = searchManual(loadManual('en'), 'mark ALL read');
    expect(found.flatMap((c) => c.sections.map((s) => s.title))).toContain('My Messages');
    expect(searchManual(loadManual('en'), 'zzzz-nothing')).toEqual([]);
  });

  it('matches a word from its start, so "read" is not found inside "already"', () => {
    const chapters = [
      parseChapter(
        '# Guide\n\n## One\n\nThe file is already installed.\n\n## Two\n\nReading is done.\n',
        'guide',
      ),
    ];
    const titles = (query: string) =>
      searchManual(chapters, query).flatMap((c) => c.sections.map((s) => s.title));
    expect(titles('read')).toEqual(['Two']);
    expect(titles('all')).toEqual([]);
    expect(titles('install')).toEqual(['One']);
  });

  it('takes a quoted phrase as one term', () => {
    const chapters = [
      parseChapter('# Guide\n\n## One\n\nMark all as read.\n\n## Two\n\nMark all  read at once.\n', 'guide'),
    ];
    const titles = (query: string) =>
      searchManual(chapters, query).flatMap((c) => c.sections.map((s) => s.title));
    expect(titles('mark all read')).toEqual(['One', 'Two']);
    expect(titles('"mark all read"')).toEqual(['Two']);
    expect(titles('"all read" once')).toEqual(['Two']);
  });

  it('finds Chinese words anywhere in the text', () => {
    const found = searchManual(loadManual('zh'), '全部已读');
    expect(found.flatMap((c) => c.sections)).not.toHaveLength(0);
  });
});
