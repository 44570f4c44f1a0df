import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

type Props = {
  /** The id antd's tabs give their panels (`<id>-panel-<key>`), so each tab names its panel. */
  id: string;
  tabs: readonly { key: string; label: ReactNode }[];
  active: string;
  onChange: (key: string) => void;
};

/** The tab a key press moves to: the arrows step and wrap around, Home and End jump to the ends. */
export const stepTab = (keys: readonly string[], current: string, key: string) => {
  const at = keys.indexOf(current);
  if (key === 'ArrowRight') return keys[(at + 1) % keys.length];
  if (key === 'ArrowLeft') return keys[(at - 1 + keys.length) % keys.length];
  if (key === 'Home') return keys[0];
  if (key === 'End') return keys[keys.length - 1];
  return undefined;
};

const tabIn = (strip: HTMLElement | null, key: string) =>
  strip?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);

/**
 * The tab strip of a detail page: one row that scrolls sideways when the tabs do not fit. antd's own
 * strip puts its overflow button inside the tablist, where ARIA allows only tabs. One tab is in the
 * Tab order; the arrow keys, Home and End open the others.
 */
export const DetailTabStrip = ({ id, tabs, active, onChange }: Props) => {
  const strip = useRef<HTMLDivElement>(null);

  // The open tab scrolls into the strip, also when the address named one beyond its right end.
  useEffect(() => {
    tabIn(strip.current, active)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = stepTab(
      tabs.map((tab) => tab.key),
      active,
      event.key,
    );
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    tabIn(strip.current, next)?.focus();
  };

  return (
    <div ref={strip} role="tablist" aria-orientation="horizontal" className="cpm-detail-tabs">
      {tabs.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-controls={`${id}-panel-${tab.key}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-key={tab.key}
            className="cpm-detail-tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
};
