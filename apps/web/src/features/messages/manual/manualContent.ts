import { Marked } from 'marked';
import { safeHtml } from '../messageHtml';

/** One `##` section of the manual, rendered. */
export type ManualSection = { id: string; title: string; html: string; text: string };
/** One Markdown file of the manual: its `#` title, the text before the first section, its sections. */
export type ManualChapter = { id: string; title: string; introHtml: string; sections: ManualSection[] };
export type ManualLanguage = 'en' | 'zh';

// The manual lives in the repository as Markdown (docs/manual/<language>/NN-name.md), bundled as text.
const FILES: Record<ManualLanguage, Record<string, string>> = {
  en: import.meta.glob('../../../../../../docs/manual/en/*.md', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  zh: import.meta.glob('../../../../../../docs/manual/zh/*.md', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};

const marked = new Marked({ gfm: true, breaks: false });

const render = (markdown: string) => safeHtml(marked.parse(markdown, { async: false }));

const plain = (markdown: string) =>
  markdown
    .replace(/[*_`>#-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Splits one chapter file into its title, intro and `##` sections. */
export const parseChapter = (markdown: string, chapterId: string): ManualChapter => {
  const lines = markdown.split('\n');
  const titleLine = lines.findIndex((l) => l.startsWith('# '));
  const title = titleLine >= 0 ? lines[titleLine].slice(2).trim() : chapterId;
  const body = lines.slice(titleLine + 1);
  const sections: ManualSection[] = [];
  const intro: string[] = [];
  let current: { title: string; lines: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const md = current.lines.join('\n');
    sections.push({
      id: `${chapterId}-${sections.length + 1}`,
      title: current.title,
      html: render(md),
      text: plain(`${current.title} ${md}`),
    });
  };
  for (const line of body) {
    if (line.startsWith('## ')) {
      close();
      current = { title: line.slice(3).trim(), lines: [] };
    } else if (current) current.lines.push(line);
    else intro.push(line);
  }
  close();
  return { id: chapterId, title, introHtml: render(intro.join('\n')), sections };
};

const cache = new Map<ManualLanguage, ManualChapter[]>();

/** The manual of one language, chapters in file-name order. */
export const loadManual = (language: ManualLanguage): ManualChapter[] => {
  const cached = cache.get(language);
  if (cached) return cached;
  const chapters = Object.entries(FILES[language])
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, markdown], index) =>
      parseChapter(
        markdown,
        `manual-${index + 1}-${file
          .split('/')
          .pop()
          ?.replace(/^\d+-|\.md$/g, '')}`,
      ),
    );
  cache.set(language, chapters);
  return chapters;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One query word as a test on lower-cased text. A Latin word must start a word of the text
 * ("read" finds "reading" but not "already"); Chinese has no spaces, so it may sit anywhere.
 */
const wordMatcher = (word: string): ((haystack: string) => boolean) => {
  if (!/^[a-z0-9]/.test(word)) return (haystack) => haystack.includes(word);
  const pattern = new RegExp(`(^|[^a-z0-9])${escapeRegExp(word)}`);
  return (haystack) => pattern.test(haystack);
};

/** The query's terms: each quoted phrase is one term, every other word is its own. */
const queryTerms = (query: string): string[] =>
  [...query.toLowerCase().matchAll(/"([^"]*)"|(\S+)/g)]
    .map((m) => (m[1] ?? m[2]).replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/**
 * Chapters narrowed to the sections whose title or text holds every term of the query
 * (`"mark all read"` in quotes asks for that exact phrase).
 */
export const searchManual = (chapters: ManualChapter[], query: string): ManualChapter[] => {
  const matchers = queryTerms(query).map(wordMatcher);
  if (matchers.length === 0) return chapters;
  return chapters
    .map((chapter) => ({
      ...chapter,
      sections: chapter.sections.filter((s) => {
        const haystack = `${chapter.title} ${s.title} ${s.text}`.toLowerCase();
        return matchers.every((matches) => matches(haystack));
      }),
    }))
    .filter((chapter) => chapter.sections.length > 0);
};
