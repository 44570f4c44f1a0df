/**
 * The app market's contracts, one file per concern: apps (lists, uploads, the shelf), review,
 * release with its health gate, operation records.
 */
import { appEndpoints } from './apps.contract';
import { recordEndpoints } from './records.contract';
import { releaseEndpoints } from './release.contract';
import { reviewEndpoints } from './review.contract';

export { APP_LIMITS, APP_NAME_PATTERN } from './app-fields';
export * from './app-states';
export * from './apps.contract';
export * from './records.contract';
export * from './release.contract';
export * from './review.contract';

/** Every endpoint of the app market. */
export const appMarketEndpoints = {
  ...appEndpoints,
  ...reviewEndpoints,
  ...releaseEndpoints,
  ...recordEndpoints,
};
