import { useEffect, useState } from 'react';
import { useSettingsStore } from './settingsStore';
import { applyThemeClass, resolveTheme } from './theme';

/** The theme shown now; in auto mode it re-checks every minute so it flips at 6:00 and 18:00. */
export const useResolvedTheme = (): 'light' | 'dark' => {
  const mode = useSettingsStore((s) => s.themeMode);
  const [theme, setTheme] = useState(() => resolveTheme(mode));
  useEffect(() => {
    setTheme(resolveTheme(mode));
    if (mode !== 'auto') return;
    const timer = setInterval(() => setTheme(resolveTheme(mode)), 60_000);
    return () => clearInterval(timer);
  }, [mode]);
  useEffect(() => applyThemeClass(theme), [theme]);
  return theme;
};
