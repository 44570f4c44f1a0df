import { DeviceListPage, type DeviceListSlots } from '../features/devices/pages/DeviceListPage';
import { quickActions } from './quickActions';

const slots: DeviceListSlots = { BulkActions: quickActions };

/** My devices (`device/index`) with the commands domain's actions for the selected terminals. */
export const DeviceListRoute = () => <DeviceListPage slots={slots} />;
