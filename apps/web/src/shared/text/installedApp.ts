/** An installed app as the terminal's page names it. */
export type InstalledAppLabel = {
  packageName: string;
  /** The market's name, else the name the terminal reported; null when neither names it. */
  name: string | null;
  /** Whether the name is the market's. */
  fromMarket: boolean;
};

/**
 * How a terminal's installed app is named: by the app market's name for its package when the market
 * knows it, else by the name the terminal reported, else by its package alone.
 */
export const installedAppLabel = (
  app: Record<string, unknown>,
  marketNames: Record<string, string>,
): InstalledAppLabel => {
  const packageName = String(app.packageName ?? '');
  const market = marketNames[packageName];
  if (market) return { packageName, name: market, fromMarket: true };
  const reported = typeof app.name === 'string' && app.name.trim() ? app.name.trim() : null;
  return { packageName, name: reported, fromMarket: false };
};
