import type { ComponentType } from 'react';
// Pages load lazily; a page whose code could not be fetched (server down) is fetched again on retry.
import { retryableLazy as lazy } from '../shared/retryableLazy';

type LazyPage = ComponentType;

const DeviceMapPage = lazy(() =>
  import('../features/geo/pages/DeviceMapPage').then((m) => ({ default: m.DeviceMapPage })),
);
const AlertCenterPage = lazy(() =>
  import('../features/alerts/pages/AlertCenterPage').then((m) => ({ default: m.AlertCenterPage })),
);
const AlertRulesPage = lazy(() =>
  import('../features/alerts/pages/AlertRulesPage').then((m) => ({ default: m.AlertRulesPage })),
);
const FencePage = lazy(() =>
  import('../features/geo/pages/FencePage').then((m) => ({ default: m.FencePage })),
);
const RemoteDesktopPage = lazy(() =>
  import('../features/remote/pages/RemoteDesktopPage').then((m) => ({ default: m.RemoteDesktopPage })),
);
const SysFilesPage = lazy(() =>
  import('../features/sysfiles/pages/SysFilesPage').then((m) => ({ default: m.SysFilesPage })),
);
const InspectionRecordsPage = lazy(() =>
  import('../features/support/pages/InspectionRecordsPage').then((m) => ({
    default: m.InspectionRecordsPage,
  })),
);
const ServiceInspectionPage = lazy(() =>
  import('../features/support/pages/ServiceInspectionPage').then((m) => ({
    default: m.ServiceInspectionPage,
  })),
);
const OrdersPage = lazy(() =>
  import('../features/support/pages/OrdersPage').then((m) => ({ default: m.OrdersPage })),
);
const ProcessInfoPage = lazy(() =>
  import('../features/support/pages/ProcessInfoPage').then((m) => ({ default: m.ProcessInfoPage })),
);
const ProcessEditorPage = lazy(() =>
  import('../features/support/pages/ProcessEditorPage').then((m) => ({ default: m.ProcessEditorPage })),
);
const InspectionRecordInfoPage = lazy(() =>
  import('../features/support/pages/InspectionRecordInfoPage').then((m) => ({
    default: m.InspectionRecordInfoPage,
  })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const MessageManagePage = lazy(() =>
  import('../features/messages/pages/MessageManagePage').then((m) => ({ default: m.MessageManagePage })),
);
const MyMessagePage = lazy(() =>
  import('../features/messages/pages/MyMessagePage').then((m) => ({ default: m.MyMessagePage })),
);
const HelpManualPage = lazy(() =>
  import('../features/messages/pages/HelpManualPage').then((m) => ({ default: m.HelpManualPage })),
);
const RolesPage = lazy(() =>
  import('../features/roles/pages/RolesPage').then((m) => ({ default: m.RolesPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
);
const ReviewPage = lazy(() =>
  import('../features/users/pages/ReviewPage').then((m) => ({ default: m.ReviewPage })),
);
const GroupsPage = lazy(() =>
  import('../features/groups/pages/GroupsPage').then((m) => ({ default: m.GroupsPage })),
);
const MenusPage = lazy(() =>
  import('../features/menus/pages/MenusPage').then((m) => ({ default: m.MenusPage })),
);
const DictsPage = lazy(() =>
  import('../features/dicts/pages/DictsPage').then((m) => ({ default: m.DictsPage })),
);
const PoliciesPage = lazy(() =>
  import('../features/policies/pages/PoliciesPage').then((m) => ({ default: m.PoliciesPage })),
);
const WebhooksPage = lazy(() =>
  import('../features/webhooks/pages/WebhooksPage').then((m) => ({ default: m.WebhooksPage })),
);
const PrivateDeploymentsPage = lazy(() =>
  import('../features/privatization/pages/PrivateDeploymentsPage').then((m) => ({
    default: m.PrivateDeploymentsPage,
  })),
);
const ServiceAccountsPage = lazy(() =>
  import('../features/serviceaccounts/pages/ServiceAccountsPage').then((m) => ({
    default: m.ServiceAccountsPage,
  })),
);
const SsoProvidersPage = lazy(() =>
  import('../features/auth/pages/SsoProvidersPage').then((m) => ({ default: m.SsoProvidersPage })),
);
const AuditStreamPage = lazy(() =>
  import('../features/auditstream/pages/AuditStreamPage').then((m) => ({ default: m.AuditStreamPage })),
);
const WallpaperPage = lazy(() =>
  import('../features/media/pages/WallpaperPage').then((m) => ({ default: m.WallpaperPage })),
);
const RunRecordsPage = lazy(() =>
  import('../features/datacenter/pages/RunRecordsPage').then((m) => ({ default: m.RunRecordsPage })),
);
const RunDetailPage = lazy(() =>
  import('../features/datacenter/pages/RunDetailPage').then((m) => ({ default: m.RunDetailPage })),
);
const ScheduledReportsPage = lazy(() =>
  import('../features/reports/pages/ScheduledReportsPage').then((m) => ({ default: m.ScheduledReportsPage })),
);
const MonitorPage = lazy(() =>
  import('../features/datacenter/pages/MonitorPage').then((m) => ({ default: m.MonitorPage })),
);
const OperationLogPage = lazy(() =>
  import('../features/oplog/pages/OperationLogPage').then((m) => ({ default: m.OperationLogPage })),
);
const DeviceListPage = lazy(() => import('./DeviceListRoute').then((m) => ({ default: m.DeviceListRoute })));
const DeviceDetailPage = lazy(() =>
  import('./DeviceDetailRoute').then((m) => ({ default: m.DeviceDetailRoute })),
);
const ExitRecordPage = lazy(() =>
  import('../features/devices/pages/ExitRecordPage').then((m) => ({ default: m.ExitRecordPage })),
);
const ModelPage = lazy(() =>
  import('../features/devices/pages/ModelPage').then((m) => ({ default: m.ModelPage })),
);
const WarningPage = lazy(() =>
  import('../features/devices/pages/WarningPage').then((m) => ({ default: m.WarningPage })),
);
const FavoritePage = lazy(() =>
  import('../features/devices/pages/FavoritePage').then((m) => ({ default: m.FavoritePage })),
);
const ModelPeripheralPage = lazy(() =>
  import('../features/devices/pages/ModelPeripheralPage').then((m) => ({ default: m.ModelPeripheralPage })),
);
const PeripheralFaultPage = lazy(() =>
  import('../features/devices/pages/PeripheralFaultPage').then((m) => ({ default: m.PeripheralFaultPage })),
);
const PeripheralPage = lazy(() =>
  import('../features/devices/pages/PeripheralPage').then((m) => ({ default: m.PeripheralPage })),
);
const MarketPage = lazy(() =>
  import('../features/appmarket/pages/MarketPage').then((m) => ({ default: m.MarketPage })),
);
const MyAppsPage = lazy(() =>
  import('../features/appmarket/pages/MyAppsPage').then((m) => ({ default: m.MyAppsPage })),
);
const AppDetailPage = lazy(() =>
  import('../features/appmarket/pages/AppDetailPage').then((m) => ({ default: m.AppDetailPage })),
);
const AppAuditPage = lazy(() =>
  import('../features/appmarket/pages/AppAuditPage').then((m) => ({ default: m.AppAuditPage })),
);
const WindowsFilePage = lazy(() =>
  import('../features/appmarket/pages/WindowsFilePage').then((m) => ({ default: m.WindowsFilePage })),
);
const AppRecordsPage = lazy(() =>
  import('../features/appmarket/pages/AppRecordsPage').then((m) => ({ default: m.AppRecordsPage })),
);
const CreateTaskPage = lazy(() =>
  import('../features/tasks/pages/CreateTaskPage').then((m) => ({ default: m.CreateTaskPage })),
);
const TaskManagePage = lazy(() =>
  import('../features/tasks/pages/TaskManagePage').then((m) => ({ default: m.TaskManagePage })),
);
const WhitelistPage = lazy(() =>
  import('../features/tasks/pages/WhitelistPage').then((m) => ({ default: m.WhitelistPage })),
);
const TaskInfoPage = lazy(() =>
  import('../features/tasks/pages/TaskInfoPage').then((m) => ({ default: m.TaskInfoPage })),
);
const RemoteCommandsPage = lazy(() =>
  import('../features/commands/pages/RemoteCommandsPage').then((m) => ({ default: m.RemoteCommandsPage })),
);
/** Hidden component gallery (not in any menu): the shared chart and map with sample data. */
export const KitGalleryPage = lazy(() =>
  import('../features/kit/pages/KitGalleryPage').then((m) => ({ default: m.KitGalleryPage })),
);
/** Stand-in for the pages whose features are not built yet; it says so instead of showing a blank screen. */
export const PendingPage = lazy(() =>
  import('../shared/PendingPage').then((m) => ({ default: m.PendingPage })),
);

/**
 * Every page a menu entry can route to, by `{module url}/{page url}`. The list is explicit: a unit
 * test fails when a key of the default menu is missing, and an unknown key at run time shows the
 * stand-in page rather than nothing.
 */
export const pageRegistry: Record<string, LazyPage> = {
  'dashboard/index': DashboardPage,

  'user/role': RolesPage,
  'user/index': UsersPage,
  'user/toExamine': ReviewPage,
  'user/equipment': GroupsPage,
  'user/sysMenu': MenusPage,
  'user/dicInfo': DictsPage,
  'user/cpmPrivatization': PrivateDeploymentsPage,
  'user/webhooks': WebhooksPage,
  'user/operationLog': OperationLogPage,
  'user/serviceAccount': ServiceAccountsPage,
  'user/auditStream': AuditStreamPage,
  'user/sso': SsoProvidersPage,

  'device/index': DeviceListPage,
  'device/deviceDetail/:sn': DeviceDetailPage,
  'device/deviceMap': DeviceMapPage,
  'device/policies': PoliciesPage,
  'device/exitRecord': ExitRecordPage,
  'device/modelManage': ModelPage,
  'device/earlyWarning': WarningPage,
  'device/deviceFavorites': FavoritePage,
  'device/modelPeripheralSetting': ModelPeripheralPage,
  'device/abnormalperipherals': PeripheralFaultPage,
  'device/peripheral': PeripheralPage,
  'device/fence': FencePage,
  'device/alertCenter': AlertCenterPage,
  'device/alertRules': AlertRulesPage,

  'remote/index': RemoteDesktopPage,
  'remote/common': RemoteCommandsPage,

  'dataCenter/index': RunRecordsPage,
  'dataCenter/deviceRunInfo/:sn': RunDetailPage,
  'dataCenter/monitor': MonitorPage,
  'dataCenter/reports': ScheduledReportsPage,

  'appMarket/index': MarketPage,
  'appMarket/myApp': MyAppsPage,
  'appMarket/appDetail': AppDetailPage,
  'appMarket/appAudit': AppAuditPage,
  'appMarket/windowsFile': WindowsFilePage,
  'appMarket/appOperationRecord': AppRecordsPage,

  'longRange/index': CreateTaskPage,
  'longRange/taskManage': TaskManagePage,
  'longRange/whitelist': WhitelistPage,
  'longRange/taskInfo': TaskInfoPage,

  'technicalSupport/index': OrdersPage,
  'technicalSupport/service': ServiceInspectionPage,
  'technicalSupport/serviceInfo': ProcessInfoPage,
  'technicalSupport/addService': ProcessEditorPage,
  'technicalSupport/inspectionRecord': InspectionRecordsPage,
  'technicalSupport/inspectionRecordInfo': InspectionRecordInfoPage,

  'sysManage/index': SysFilesPage,
  'sysManage/wallpaper': WallpaperPage,

  'messageManage/index': MessageManagePage,
  'messageManage/myMessage': MyMessagePage,
  'messageManage/helpManual': HelpManualPage,
};

/** The page for a route key; unknown keys get the stand-in page. */
export const pageFor = (key: string): LazyPage => pageRegistry[key] ?? PendingPage;
