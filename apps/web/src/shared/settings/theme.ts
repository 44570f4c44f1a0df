import type { ThemeMode } from './settingsDefaults';

/** Auto mode is light from 6:00 up to, not including, 18:00 local time (spec section 4). */
export const DAY_START_HOUR = 6;
export const DAY_END_HOUR = 18;

/** The colour scheme a mode shows at a given moment. */
export const resolveTheme = (mode: ThemeMode, now: Date = new Date()): 'light' | 'dark' => {
  if (mode !== 'auto') return mode;
  const hour = now.getHours();
  return hour >= DAY_START_HOUR && hour < DAY_END_HOUR ? 'light' : 'dark';
};

/** Puts class `dark` on the page root in dark mode, as the spec asks. */
export const applyThemeClass = (
  theme: 'light' | 'dark',
  root: HTMLElement = document.documentElement,
): void => {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
};
