import { useEffect } from 'react';

const MEASURE_ROW = '.ant-table-measure-row:not([inert])';
const BODY = () => document.body;

/**
 * antd measures column widths in a hidden row that repeats each column's title, the select-all
 * checkbox included: a focusable control inside an aria-hidden row (WCAG 4.1.2). Marking the row inert
 * takes it out of the tab order as well, for every table on the page.
 */
export const useInertMeasureRows = (root: () => HTMLElement | null = BODY) => {
  useEffect(() => {
    const element = root();
    if (!element) return;
    const mark = () => {
      for (const row of element.querySelectorAll(MEASURE_ROW)) row.setAttribute('inert', '');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
};
