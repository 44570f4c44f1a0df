const parse = (color: string): [number, number, number] => {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${color}`);
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
};

const luminance = (color: string) => {
  const [r, g, b] = parse(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2.1 contrast ratio of two hex colours, from 1 to 21. */
export const contrastRatio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** `color` moved `share` (0 to 1) of the way towards `towards`. */
export const mix = (color: string, towards: string, share: number) => {
  const from = parse(color);
  const to = parse(towards);
  return `#${from
    .map((v, i) =>
      Math.round(v + ((to[i] as number) - v) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

/**
 * The colour moved towards black (on a light background) or white (on a dark one) just enough to
 * reach `ratio` against `background`, so any chosen brand colour stays readable (WCAG AA: 4.5).
 */
export const readableOn = (color: string, background: string, ratio = 4.5) => {
  const towards = luminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let share = 0; share < 1; share += 0.02) {
    const candidate = mix(color, towards, share);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return towards;
};
