import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../session/storage';
import { DEFAULT_SETTINGS, type UiSettings } from './settingsDefaults';

type SettingsState = UiSettings & {
  drawerOpen: boolean;
  /** Changes settings; closes the drawer afterwards when autoClose is on. */
  update: (patch: Partial<UiSettings>) => void;
  reset: () => void;
  setDrawerOpen: (open: boolean) => void;
};

/** Personal settings, kept in the browser. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_SETTINGS,
      drawerOpen: false,
      update: (patch) => {
        const autoClose = patch.autoClose ?? get().autoClose;
        set({ ...patch, drawerOpen: autoClose ? false : get().drawerOpen });
      },
      reset: () => set({ ...DEFAULT_SETTINGS }),
      setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
    }),
    {
      name: STORAGE_KEYS.settings,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ drawerOpen: _open, update: _u, reset: _r, setDrawerOpen: _s, ...settings }) => settings,
      merge: (saved, current) => ({ ...current, ...DEFAULT_SETTINGS, ...(saved as Partial<UiSettings>) }),
    },
  ),
);
