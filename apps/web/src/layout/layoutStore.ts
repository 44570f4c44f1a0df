import { create } from 'zustand';

type LayoutState = {
  /** Bumped by the header's refresh: a page showing its error panel tries again. */
  refreshKey: number;
  mobileMenuOpen: boolean;
  searchOpen: boolean;
  refresh: () => void;
  setMobileMenuOpen: (open: boolean) => void;
  setSearchOpen: (open: boolean) => void;
};

/** Transient frame state that is not worth keeping between visits. */
export const useLayoutStore = create<LayoutState>()((set) => ({
  refreshKey: 0,
  mobileMenuOpen: false,
  searchOpen: false,
  refresh: () => set((s) => ({ refreshKey: s.refreshKey + 1 })),
  setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));
