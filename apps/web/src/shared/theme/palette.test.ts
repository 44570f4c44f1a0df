import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { PRIMARY_COLORS } from '../settings/settingsDefaults';
import { contrastRatio } from './contrast';
import { DARK_TAG, darkPresetTagColors, themePalette } from './palette';

const AA = 4.5;

describe('the theme palette', () => {
  for (const dark of [false, true])
    for (const choice of [...PRIMARY_COLORS, '#ffd666', '#001529'])
      it(`keeps text readable for ${choice} in the ${dark ? 'dark' : 'light'} theme (WCAG AA)`, () => {
        const p = themePalette(choice, dark);
        // The tokens as antd derives them, which is what the pages show.
        const t = theme.getDesignToken({
          algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: p.tokens,
        });
        const page = dark ? '#141414' : '#ffffff';
        expect(contrastRatio('#ffffff', t.colorPrimary)).toBeGreaterThanOrEqual(AA);
        for (const link of [t.colorLink, t.colorLinkHover, t.colorLinkActive])
          expect(contrastRatio(link, page)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(t.colorPrimaryText, page)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(t.colorPrimaryText, t.colorPrimaryBg)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(p.primaryText, page)).toBeGreaterThanOrEqual(AA);
        for (const text of [t.colorTextTertiary, t.colorTextPlaceholder, t.colorError])
          expect(contrastRatio(text, page)).toBeGreaterThanOrEqual(AA);
      });

  for (const dark of [false, true])
    for (const choice of PRIMARY_COLORS)
      it(`keeps a hovered or pressed button readable for ${choice} in the ${dark ? 'dark' : 'light'} theme`, () => {
        const p = themePalette(choice, dark);
        const t = theme.getDesignToken({
          algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: p.tokens,
        });
        const b = { ...t, ...p.components.Button } as unknown as Record<string, string>;
        const page = dark ? '#141414' : '#ffffff';
        // White text on a filled button, the button's text on the page for an outlined one.
        for (const fill of [b.colorPrimaryHover, b.colorPrimaryActive])
          expect(contrastRatio('#ffffff', fill)).toBeGreaterThanOrEqual(AA);
        for (const text of [
          b.defaultHoverColor ?? t.colorPrimaryHover,
          b.defaultActiveColor ?? t.colorPrimaryActive,
          t.colorPrimaryHover,
          t.colorPrimaryActive,
        ])
          expect(contrastRatio(text, page)).toBeGreaterThanOrEqual(AA);
      });

  it('keeps a busy button at full strength, its text as readable as when idle', () => {
    for (const dark of [false, true])
      expect(themePalette('#1677ff', dark).components.Button.opacityLoading).toBe(1);
  });

  it('keeps status tag text readable on its tint in the dark theme', () => {
    const t = theme.getDesignToken({
      algorithm: theme.darkAlgorithm,
      token: themePalette('#1677ff', true).tokens,
    });
    expect(contrastRatio(DARK_TAG.colorInfo, t.colorInfoBg)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(DARK_TAG.colorError, t.colorErrorBg)).toBeGreaterThanOrEqual(AA);
    for (const s of ['Success', 'Warning'] as const)
      expect(contrastRatio(t[`color${s}`], t[`color${s}Bg`])).toBeGreaterThanOrEqual(AA);
  });

  it('keeps every preset tag colour readable on its tint in the dark theme', () => {
    const t = theme.getDesignToken({ algorithm: theme.darkAlgorithm }) as unknown as Record<string, string>;
    const presets = darkPresetTagColors();
    expect(Object.keys(presets)).toHaveLength(13);
    for (const [key, color] of Object.entries(presets))
      expect(contrastRatio(color, t[key.replace('7', '1')] as string), key).toBeGreaterThanOrEqual(AA);
  });
});
