/**
 * The device contracts, one file per sub-domain: terminals, models (with the peripherals each
 * expects), peripherals, faults and warnings, favourites, factory exit records, the dashboard.
 */
import { faultEndpoints, warningEndpoints } from './alerts.contract';
import { dashboardEndpoints } from './dashboard.contract';
import { exitRecordEndpoints } from './exit-records.contract';
import { favoriteEndpoints } from './favorites.contract';
import { modelEndpoints, modelPeripheralEndpoints } from './models.contract';
import { peripheralEndpoints } from './peripherals.contract';
import { terminalEndpoints } from './terminals.contract';

export * from './alerts.contract';
export * from './dashboard.contract';
export * from './exit-records.contract';
export * from './favorites.contract';
export * from './models.contract';
export * from './peripherals.contract';
export * from './terminals.contract';

/** Terminals, models, peripherals, factory records, warnings and the dashboard. */
export const devicesEndpoints = {
  ...terminalEndpoints,
  ...modelEndpoints,
  ...peripheralEndpoints,
  ...modelPeripheralEndpoints,
  ...faultEndpoints,
  ...favoriteEndpoints,
  ...exitRecordEndpoints,
  ...warningEndpoints,
  ...dashboardEndpoints,
};
