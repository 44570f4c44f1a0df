const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16) / 255;

/** True for a dark colour (`#rgb`, `#rrggbb` or `rgb()/rgba()`), by its relative luminance. */
export const isDarkColor = (color: string): boolean => {
  let rgb: number[] | undefined;
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    rgb = [...hex].map((c) => channel(c + c, 0));
  } else if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) {
    rgb = [0, 2, 4].map((at) => channel(hex, at));
  } else {
    const match = color.match(/rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i);
    if (match) rgb = match.slice(1, 4).map((v) => Number(v) / 255);
  }
  if (!rgb) return false;
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18;
};
