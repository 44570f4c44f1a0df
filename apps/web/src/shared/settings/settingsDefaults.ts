/** Colour mode: white, dark, or following the local hour. */
export type ThemeMode = 'light' | 'dark' | 'auto';
/** Side menu colour scheme. */
export type MenuTheme = 'design' | 'light' | 'dark';

/** Personal UI settings (spec section 3). */
export type UiSettings = {
  themeMode: ThemeMode;
  menuTheme: MenuTheme;
  primaryColor: string;
  /** Only one menu group open at a time. */
  uniqueOpened: boolean;
  /** Show the menu toggle button. */
  menuButton: boolean;
  showRefreshButton: boolean;
  showCrumbs: boolean;
  /** Close the settings drawer after any change. */
  autoClose: boolean;
  showWorkTab: boolean;
  showLanguage: boolean;
  showNprogress: boolean;
  menuCollapsed: boolean;
};

/** The one source of setting defaults; the drawer's reset and the store's start both read it. */
export const DEFAULT_SETTINGS: UiSettings = {
  themeMode: 'light',
  menuTheme: 'design',
  primaryColor: '#1677ff',
  uniqueOpened: true,
  menuButton: true,
  showRefreshButton: true,
  showCrumbs: true,
  autoClose: false,
  showWorkTab: true,
  showLanguage: true,
  showNprogress: false,
  menuCollapsed: false,
};

/** Primary colours offered in the drawer. */
export const PRIMARY_COLORS = [
  '#1677ff',
  '#5d87ff',
  '#722ed1',
  '#13c2c2',
  '#16a34a',
  '#fa8c16',
  '#f5222d',
  '#eb2f96',
];

/** The boolean switches of the drawer, in display order. */
export const SETTING_SWITCHES = [
  'uniqueOpened',
  'menuButton',
  'showRefreshButton',
  'showCrumbs',
  'showWorkTab',
  'showLanguage',
  'showNprogress',
  'autoClose',
] as const satisfies readonly (keyof UiSettings)[];

/** Spec section 9: frame sizes. */
export const FRAME = {
  menuWidth: 280,
  menuCollapsedWidth: 70,
  mobileBreakpoint: 800,
  drawerWidth: 265,
  headerHeight: 60,
  /** Content top padding and minimum-height allowance, with and without worktabs (spec section 2). */
  paddingTopWithTabs: 108,
  paddingTopWithoutTabs: 75,
  minHeightOffsetWithTabs: 120,
  minHeightOffsetWithoutTabs: 90,
} as const;
