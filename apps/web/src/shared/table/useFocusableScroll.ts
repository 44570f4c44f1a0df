import { type RefObject, useEffect } from 'react';

/**
 * Makes a table's scrolling box reachable from the keyboard while it overflows (WCAG 2.1.1): a
 * keyboard user can then focus it and scroll with the arrow keys, even when the table holds no
 * link or button to tab into.
 */
export const useFocusableScroll = (ref: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ??
      []) {
      const overflows = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      if (overflows && !box.hasAttribute('tabindex')) box.tabIndex = 0;
      if (!overflows && box.tabIndex === 0) box.removeAttribute('tabindex');
    }
  });
};
