/**
 * The product's default menu tree (spec section 2): every first-level group, its pages and the
 * button permissions of each page. The server seeds it; the console's page registry is checked
 * against it; permission keys come from here and nowhere else.
 */

const ACTIONS = {
  add: ['新增', 'Add'],
  edit: ['编辑', 'Edit'],
  delete: ['删除', 'Delete'],
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
  enable: ['启用/禁用', 'Enable/Disable'],
  resetPassword: ['重置密码', 'Reset password'],
  kick: ['强制下线', 'Sign out sessions'],
  audit: ['审核', 'Review'],
  grant: ['分配权限', 'Grant permissions'],
  move: ['移动分组', 'Move to group'],
  reveal: ['查看密码', 'Reveal password'],
  command: ['下发指令', 'Send command'],
  log: ['获取日志', 'Fetch logs'],
  connect: ['远程连接', 'Connect'],
  upload: ['上传', 'Upload'],
  version: ['版本管理', 'Versions'],
  shelf: ['上架/下架', 'Shelf up/down'],
  gray: ['灰度发布', 'Gray release'],
  stop: ['停止', 'Stop'],
  restart: ['重启任务', 'Restart'],
  publish: ['发布', 'Publish'],
  handle: ['处理', 'Handle'],
  favorite: ['收藏', 'Favourite'],
  rules: ['规则设置', 'Rules'],
  control: ['远程控制', 'Control'],
  replay: ['录像回放', 'Replay recordings'],
  policy: ['同意策略', 'Consent policy'],
  approve: ['审批', 'Approve'],
  keys: ['管理密钥', 'Manage keys'],
  test: ['发送测试', 'Send a test'],
  converge: ['收敛', 'Converge'],
  send: ['立即发送', 'Send now'],
} as const satisfies Record<string, readonly [string, string]>;

/** A button action a page may offer; its label comes from `ACTIONS`. */
export type ButtonAction = keyof typeof ACTIONS;
type ButtonSeed<A extends ButtonAction = ButtonAction> = { action: A; zh: string; en: string };
export type PageSeed<R extends string = string, A extends ButtonAction = ButtonAction> = {
  url: string;
  zh: string;
  en: string;
  icon: string;
  hidden?: boolean;
  /** `domain:resource`; the page's view key is `${resource}:view`, each button `${resource}:${action}`. */
  resource: R;
  buttons: ButtonSeed<A>[];
};
export type ModuleSeed = { url: string; zh: string; en: string; icon: string; pages: PageSeed[] };

// Generic in the resource and the actions, so the permission keys survive as literal types.
const page = <R extends `${string}:${string}`, A extends ButtonAction = never>(
  url: string,
  zh: string,
  en: string,
  icon: string,
  resource: R,
  actions: readonly A[],
  hidden = false,
): PageSeed<R, A> => ({
  url,
  zh,
  en,
  icon,
  hidden,
  resource,
  buttons: actions.map((action) => {
    const [bzh, ben] = ACTIONS[action];
    return { action, zh: bzh, en: ben };
  }),
});

// Not annotated, so each page keeps its literal resource and actions for `PermissionKey`.
const MENU = [
  {
    url: 'dashboard',
    zh: '首页',
    en: 'Home',
    icon: 'HomeOutlined',
    pages: [page('index', '工作台', 'Dashboard', 'DashboardOutlined', 'dashboard:home', [])],
  },
  {
    url: 'user',
    zh: '用户管理',
    en: 'Users',
    icon: 'TeamOutlined',
    pages: [
      page('role', '角色管理', 'Roles', 'SafetyCertificateOutlined', 'user:role', [
        'add',
        'edit',
        'delete',
        'grant',
      ]),
      page('index', '用户管理', 'User Management', 'UserOutlined', 'user:user', [
        'add',
        'edit',
        'delete',
        'enable',
        'resetPassword',
        'kick',
        'export',
      ]),
      page('toExamine', '用户审核', 'User Review', 'AuditOutlined', 'user:review', ['audit']),
      page('equipment', '设备分组管理', 'Device Groups', 'ApartmentOutlined', 'user:group', [
        'add',
        'edit',
        'delete',
        'move',
      ]),
      page('sysMenu', '菜单管理', 'Menus', 'MenuOutlined', 'user:menu', ['add', 'edit', 'delete']),
      page('dicInfo', '字典管理', 'Dictionaries', 'BookOutlined', 'user:dict', ['add', 'edit', 'delete']),
      page(
        'cpmPrivatization',
        '私有化部署管理',
        'Private Deployments',
        'CloudServerOutlined',
        'user:private',
        ['add', 'edit', 'delete', 'reveal', 'export'],
      ),
      page('webhooks', 'Webhooks', 'Webhooks', 'ApiOutlined', 'user:webhook', ['add', 'edit', 'delete']),
      page('operationLog', '操作日志', 'Operation Log', 'FileSearchOutlined', 'user:oplog', ['export']),
      page('serviceAccount', '服务账号', 'Service Accounts', 'ApiOutlined', 'user:serviceaccount', [
        'add',
        'edit',
        'delete',
        'keys',
      ]),
      page('sso', '单点登录', 'Single Sign-On', 'SafetyCertificateOutlined', 'user:sso', ['edit', 'delete']),
      page('auditStream', '审计日志流', 'Audit Stream', 'CloudSyncOutlined', 'user:auditstream', [
        'edit',
        'test',
        'export',
      ]),
    ],
  },
  {
    url: 'device',
    zh: '设备管理',
    en: 'Devices',
    icon: 'MobileOutlined',
    pages: [
      page('index', '我的设备', 'My Devices', 'TabletOutlined', 'device:terminal', [
        'add',
        'edit',
        'delete',
        'move',
        'import',
        'export',
        'command',
        'log',
      ]),
      page('deviceDetail/:sn', '设备详情', 'Device Detail', 'ProfileOutlined', 'device:detail', [], true),
      page('deviceMap', '设备地图', 'Device Map', 'EnvironmentOutlined', 'device:map', []),
      page('policies', '配置策略', 'Policies', 'SafetyOutlined', 'device:policy', [
        'add',
        'edit',
        'delete',
        'converge',
      ]),
      page('exitRecord', '出厂记录', 'Factory Exit Records', 'ExportOutlined', 'device:exit', [
        'add',
        'delete',
        'import',
        'export',
      ]),
      page('modelManage', '型号管理', 'Models', 'AppstoreOutlined', 'device:model', [
        'add',
        'edit',
        'delete',
      ]),
      page('earlyWarning', '预警信息', 'Early Warnings', 'AlertOutlined', 'device:warning', ['handle'], true),
      page('deviceFavorites', '设备收藏', 'Favourite Devices', 'StarOutlined', 'device:favorite', [
        'favorite',
      ]),
      page(
        'modelPeripheralSetting',
        '型号外设设置',
        'Model Peripherals',
        'ControlOutlined',
        'device:modelPeripheral',
        ['add', 'edit', 'delete'],
      ),
      page(
        'abnormalperipherals',
        '外设异常信息',
        'Peripheral Faults',
        'WarningOutlined',
        'device:peripheralFault',
        ['handle', 'export'],
      ),
      page('peripheral', '外设管理', 'Peripherals', 'UsbOutlined', 'device:peripheral', [
        'add',
        'edit',
        'delete',
      ]),
      page('fence', '电子围栏', 'Geofences', 'GatewayOutlined', 'device:fence', ['add', 'edit', 'delete']),
      page('alertCenter', '告警中心', 'Alert Centre', 'BellOutlined', 'device:alert', ['handle']),
      page('alertRules', '告警规则', 'Alert Rules', 'NotificationOutlined', 'device:alertRule', [
        'add',
        'edit',
        'delete',
      ]),
    ],
  },
  {
    url: 'remote',
    zh: '远程协助',
    en: 'Remote',
    icon: 'DesktopOutlined',
    pages: [
      page('index', '远程桌面', 'Remote Desktop', 'FundProjectionScreenOutlined', 'remote:desktop', [
        'connect',
        'control',
        'replay',
        'policy',
      ]),
      page('common', '远程指令', 'Remote Commands', 'CodeOutlined', 'remote:command', [
        'add',
        'command',
        'delete',
      ]),
    ],
  },
  {
    url: 'dataCenter',
    zh: '数据中心',
    en: 'Data Center',
    icon: 'BarChartOutlined',
    pages: [
      page('index', '设备运行记录', 'Run Records', 'LineChartOutlined', 'data:run', ['export']),
      page(
        'deviceRunInfo/:sn',
        '运行记录详情',
        'Run Record Detail',
        'FileTextOutlined',
        'data:runDetail',
        [],
        true,
      ),
      page('monitor', '设备活跃监控', 'Activity Monitor', 'MonitorOutlined', 'data:monitor', ['export']),
      page('reports', '定时报表', 'Scheduled Reports', 'MailOutlined', 'data:report', [
        'add',
        'edit',
        'delete',
        'send',
      ]),
    ],
  },
  {
    url: 'appMarket',
    zh: '应用市场',
    en: 'App Market',
    icon: 'ShopOutlined',
    pages: [
      page('index', '应用列表', 'Apps', 'AppstoreAddOutlined', 'app:app', ['add', 'edit', 'delete', 'shelf']),
      page('myApp', '我的应用', 'My Apps', 'InboxOutlined', 'app:mine', [
        'upload',
        'version',
        'gray',
        'delete',
      ]),
      page('appDetail', '应用详情', 'App Detail', 'InfoCircleOutlined', 'app:detail', [], true),
      page('appAudit', '应用审核', 'App Review', 'FileProtectOutlined', 'app:audit', ['audit']),
      page('windowsFile', 'Windows应用管理', 'Windows Apps', 'WindowsOutlined', 'app:windows', [
        'upload',
        'edit',
        'delete',
      ]),
      page('appOperationRecord', '应用操作记录', 'App Operation Records', 'HistoryOutlined', 'app:record', [
        'export',
      ]),
    ],
  },
  {
    url: 'longRange',
    zh: '远程任务',
    en: 'Remote Tasks',
    icon: 'CloudSyncOutlined',
    pages: [
      page('index', '创建任务', 'Create Task', 'PlusSquareOutlined', 'task:create', ['add']),
      page('taskManage', '任务管理', 'Task Management', 'ScheduleOutlined', 'task:task', [
        'stop',
        'restart',
        'delete',
        'export',
        'approve',
      ]),
      page(
        'whitelist',
        '白名单',
        'Whitelist',
        'CheckSquareOutlined',
        'task:whitelist',
        ['add', 'delete'],
        true,
      ),
      page('taskInfo', '任务详情', 'Task Detail', 'ContainerOutlined', 'task:detail', [], true),
    ],
  },
  {
    url: 'technicalSupport',
    zh: '技术支持',
    en: 'Technical Support',
    icon: 'ToolOutlined',
    pages: [
      page('index', '工单管理', 'Orders', 'SolutionOutlined', 'support:order', [
        'add',
        'edit',
        'handle',
        'delete',
        'export',
        'rules',
      ]),
      page('service', '服务巡检', 'Service Inspection', 'SafetyOutlined', 'support:process', [
        'add',
        'edit',
        'publish',
        'delete',
      ]),
      page(
        'serviceInfo',
        '巡检流程详情',
        'Inspection Process',
        'FileDoneOutlined',
        'support:processDetail',
        [],
        true,
      ),
      page(
        'addService',
        '新增巡检流程',
        'New Inspection Process',
        'FileAddOutlined',
        'support:processAdd',
        [],
        true,
      ),
      page('inspectionRecord', '巡检记录', 'Inspection Records', 'CarryOutOutlined', 'support:record', [
        'export',
      ]),
      page(
        'inspectionRecordInfo',
        '巡检记录详情',
        'Inspection Record Detail',
        'ReconciliationOutlined',
        'support:recordDetail',
        [],
        true,
      ),
    ],
  },
  {
    url: 'sysManage',
    zh: '系统文件',
    en: 'System Files',
    icon: 'FolderOpenOutlined',
    pages: [
      page('index', '文件列表', 'Files', 'FileOutlined', 'file:file', ['upload', 'edit', 'delete']),
      page('wallpaper', '壁纸/视频', 'Wallpapers & Videos', 'PictureOutlined', 'file:wallpaper', [
        'upload',
        'edit',
        'delete',
      ]),
    ],
  },
  {
    url: 'messageManage',
    zh: '消息管理',
    en: 'Messages',
    icon: 'MessageOutlined',
    pages: [
      page('index', '消息管理', 'Message Management', 'NotificationOutlined', 'message:message', [
        'add',
        'edit',
        'publish',
        'delete',
      ]),
      page('myMessage', '我的消息', 'My Messages', 'BellOutlined', 'message:mine', []),
      page('helpManual', '帮助手册', 'Help Manual', 'QuestionCircleOutlined', 'message:manual', []),
    ],
  },
] satisfies ModuleSeed[];

/** The default menu, for seeding and checks. */
export const DEFAULT_MENU: ModuleSeed[] = MENU;

type KeysOfPage<P> = P extends PageSeed<infer R, infer A> ? `${R}:view` | `${R}:${A}` : never;

/**
 * Every permission key of the product as a string-literal union, derived from the menu tree above:
 * a misspelt key in an endpoint definition or a console gate does not compile.
 */
export type PermissionKey = KeysOfPage<(typeof MENU)[number]['pages'][number]>;

/** The view key of a page. */
export const viewKey = <R extends string>(p: PageSeed<R>) => `${p.resource}:view` as const;

/** Every permission key of the product, in menu order: each page's view key and each button's key. */
export const PERMISSION_KEYS: readonly PermissionKey[] = DEFAULT_MENU.flatMap((m) =>
  m.pages.flatMap((p) => [viewKey(p), ...p.buttons.map((b) => `${p.resource}:${b.action}`)]),
) as PermissionKey[];

/** The same keys as a set, for lookups. */
export const ALL_PERMISSIONS: ReadonlySet<string> = new Set<string>(PERMISSION_KEYS);

/** Whether a string (from the database or a request) is one of the product's permission keys. */
export const isPermissionKey = (key: string): key is PermissionKey => ALL_PERMISSIONS.has(key);

/** Every route path the default menu creates, e.g. `/device/deviceDetail/:sn`. */
export const DEFAULT_ROUTE_PATHS: string[] = DEFAULT_MENU.flatMap((m) =>
  m.pages.map((p) => `/${m.url}/${p.url}`),
);
