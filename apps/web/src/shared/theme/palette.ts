import { theme } from 'antd';
import { mix, readableOn } from './contrast';

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

let darkPresets: Record<string, string> | undefined;
/**
 * The dark theme's preset tag colours (a tag's text is its colour's level 7 on level 1): antd's own
 * read about 3.4:1, so each is lightened just enough to read at 4.5:1 on its tint.
 */
export const darkPresetTagColors = () => {
  if (!darkPresets) {
    const t = theme.getDesignToken({ algorithm: theme.darkAlgorithm }) as unknown as Record<string, string>;
    darkPresets = Object.fromEntries(
      PRESETS.map((c) => [`${c}7`, readableOn(t[`${c}7`] as string, t[`${c}1`] as string, 4.6)]),
    );
  }
  return darkPresets;
};

/**
 * Colours of the console for a chosen primary colour, each readable (WCAG AA) where it is used:
 * white text on the primary (buttons, the selected menu item), the primary as text on the page and
 * on its own tint (links, selected tabs), secondary and placeholder text on the surfaces.
 */
/** Status tag colours of the dark theme, each at least 4.5:1 on its own tint. */
export const DARK_TAG = { colorInfo: '#65a9f3', colorError: '#f37370' };

export const themePalette = (choice: string, dark: boolean) => {
  // White text on it: buttons, the selected menu item of the coloured menus.
  const primary = readableOn(choice, '#ffffff', 5.2);
  // The tint behind a selected item, and the primary as text on it and on the page.
  const primaryBg = dark ? mix(primary, '#141414', 0.8) : mix(primary, '#ffffff', 0.9);
  const primaryText = dark ? readableOn(choice, primaryBg, 4.8) : readableOn(primary, primaryBg, 4.6);
  const tertiary = dark ? '#8c8c8c' : '#707070';
  // antd's hover and press shades of the primary read below 4.5:1 as text on the page (a default
  // button's hover) and under white text (a primary button's hover). In the light theme a darker
  // shade serves both; in the dark theme text needs a lighter one and a filled button a darker one.
  const hover = dark ? readableOn(choice, '#141414', 5.5) : readableOn(primary, '#ffffff', 6);
  const active = dark ? readableOn(choice, '#141414', 7) : readableOn(primary, '#ffffff', 7.5);
  const filled = dark
    ? {
        colorPrimaryHover: readableOn(choice, '#ffffff', 4.8),
        colorPrimaryActive: readableOn(choice, '#ffffff', 6),
        defaultHoverColor: hover,
        defaultHoverBorderColor: hover,
        defaultActiveColor: active,
        defaultActiveBorderColor: active,
      }
    : {};
  return {
    primary,
    primaryText,
    tokens: {
      colorPrimary: primary,
      colorPrimaryBg: primaryBg,
      colorPrimaryText: primaryText,
      colorPrimaryHover: hover,
      colorPrimaryActive: active,
      // A seed: the dark algorithm darkens it, so it starts lighter there.
      colorLink: dark ? readableOn(choice, '#141414', 6.5) : primaryText,
      // antd lightens the link on hover and press below 4.5:1; here it moves away from the page.
      colorLinkHover: dark ? readableOn(choice, '#141414', 9) : readableOn(primaryText, '#ffffff', 7),
      colorLinkActive: dark ? readableOn(choice, '#141414', 9) : readableOn(primaryText, '#ffffff', 7),
      colorTextTertiary: tertiary,
      colorTextDescription: tertiary,
      colorTextPlaceholder: dark ? '#8a8a8a' : '#737373',
      colorError: dark ? '#ff6b6b' : '#d9363e',
    },
    components: {
      Menu: { itemSelectedColor: primaryText },
      // antd fades a busy button to 65%, and white on the faded primary reads about 2.2:1; its
      // spinner already says it is busy.
      Button: { opacityLoading: 1, ...filled },
      // Its "no data" text is drawn in the disabled grey, below 4.5:1 (lists: global.css).
      Table: { colorTextDisabled: tertiary },
      Tabs: { itemSelectedColor: primaryText, itemActiveColor: primaryText, inkBarColor: primaryText },
      // Tag text on its tint: in the light theme antd's level-7 greens and oranges and the status
      // colours read below 4.5:1, their level-8 shades above it; in the dark theme blue and red need
      // a lighter shade.
      ...(dark
        ? { Tag: { ...darkPresetTagColors(), ...DARK_TAG } }
        : {
            Tag: {
              colorSuccess: '#237804',
              colorWarning: '#ad4e00',
              colorError: '#cf1322',
              colorInfo: '#0958d9',
              green7: '#237804',
              orange7: '#ad4e00',
              gold7: '#ad4e00',
              volcano7: '#ad2102',
              cyan7: '#006d75',
            },
          }),
    },
  };
};
