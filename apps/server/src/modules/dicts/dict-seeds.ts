/** The dictionaries the product needs, with both labels. Seeded when missing; edits are kept. */
type ItemSeed = [value: string, zh: string, en: string];
type DictSeed = { code: string; zh: string; en: string; items: ItemSeed[] };

export const DICT_SEEDS: DictSeed[] = [
  {
    code: 'enabled_status',
    zh: '启用状态',
    en: 'Enabled status',
    items: [
      ['1', '已启用', 'Enabled'],
      ['0', '已禁用', 'Disabled'],
    ],
  },
  {
    code: 'account_state',
    zh: '账号状态',
    en: 'Account state',
    items: [
      ['0', '待完善资料', 'Details needed'],
      ['1', '已审核', 'Approved'],
      ['2', '待审核', 'Waiting for review'],
      ['3', '已驳回', 'Rejected'],
    ],
  },
  {
    code: 'system_level',
    zh: '系统级别',
    en: 'System level',
    items: [
      ['platform', '平台', 'Platform'],
      ['enterprise', '企业', 'Enterprise'],
      ['store', '门店', 'Store'],
      ['sales', '销售', 'Sales'],
    ],
  },
  {
    code: 'group_type',
    zh: '分组类型',
    en: 'Group type',
    items: [
      ['region', '区域', 'Region'],
      ['branch', '分公司', 'Branch'],
      ['store', '门店', 'Store'],
      ['warehouse', '仓库', 'Warehouse'],
    ],
  },
  {
    code: 'terminal_status',
    zh: '终端状态',
    en: 'Terminal status',
    items: [
      ['0', '已入库', 'Warehoused'],
      ['1', '已出货', 'Shipped'],
      ['2', '已激活', 'Activated'],
      ['3', '已注销', 'Logged off'],
    ],
  },
  {
    code: 'online_status',
    zh: '在线状态',
    en: 'Online status',
    items: [
      ['1', '在线', 'Online'],
      ['0', '离线', 'Offline'],
    ],
  },
  {
    code: 'platform',
    zh: '平台',
    en: 'Platform',
    items: [
      ['android', 'Android', 'Android'],
      ['windows', 'Windows', 'Windows'],
      ['linux', 'Linux', 'Linux'],
    ],
  },
  {
    code: 'task_type',
    zh: '任务类型',
    en: 'Task type',
    items: [
      ['app_install', '安装应用', 'Install app'],
      ['app_uninstall', '卸载应用', 'Uninstall app'],
      ['file_push', '推送文件', 'Push file'],
      ['ota', '系统升级', 'OTA update'],
      ['wallpaper', '设置壁纸', 'Set wallpaper'],
      ['boot_animation', '开机动画', 'Boot animation'],
      ['command', '远程指令', 'Remote command'],
      ['permission', '应用权限', 'App permissions'],
    ],
  },
  {
    code: 'task_status',
    zh: '任务状态',
    en: 'Task status',
    items: [
      ['normal', '正常', 'Normal'],
      ['complete', '已完成', 'Complete'],
      ['overdue', '已过期', 'Overdue'],
      ['stopped', '已停止', 'Stopped'],
      ['creating', '创建中', 'Creating'],
      ['failed', '创建失败', 'Creation failed'],
    ],
  },
  {
    code: 'task_result',
    zh: '任务结果',
    en: 'Task result',
    items: [
      ['waiting', '等待连接', 'Waiting for connection'],
      ['pulled', '已拉取', 'Pulled'],
      ['executed', '已执行', 'Executed'],
      ['success', '成功', 'Success'],
      ['failure', '失败', 'Failure'],
    ],
  },
  {
    code: 'app_review_status',
    zh: '应用审核状态',
    en: 'App review status',
    items: [
      ['0', '未提交', 'Not submitted'],
      ['1', '待审核', 'Pending review'],
      ['2', '已通过', 'Approved'],
      ['3', '已驳回', 'Rejected'],
    ],
  },
  {
    code: 'app_shelf_status',
    zh: '上架状态',
    en: 'Shelf status',
    items: [
      ['1', '已上架', 'Launched'],
      ['0', '未上架', 'Not launched'],
    ],
  },
  {
    code: 'release_type',
    zh: '发布方式',
    en: 'Release type',
    items: [
      ['gray', '灰度发布', 'Gray release'],
      ['official', '正式发布', 'Official release'],
    ],
  },
  {
    code: 'deployment_status',
    zh: '部署状态',
    en: 'Deployment status',
    items: [
      ['0', '未部署', 'Not deployed'],
      ['1', '已部署', 'Deployed'],
    ],
  },
  {
    code: 'network_type',
    zh: '网络类型',
    en: 'Network type',
    items: [
      ['internet', '公网', 'Internet'],
      ['intranet', '内网', 'Intranet'],
      ['vpn', 'VPN', 'VPN'],
    ],
  },
  {
    code: 'inspection_process_status',
    zh: '巡检流程状态',
    en: 'Inspection process status',
    items: [
      ['draft', '草稿', 'Draft'],
      ['active', '启用', 'Active'],
      ['inactive', '停用', 'Inactive'],
      ['deleted', '已删除', 'Deleted'],
    ],
  },
  {
    code: 'fault_type',
    zh: '故障类型',
    en: 'Fault type',
    items: [
      ['screen', '屏幕故障', 'Screen'],
      ['printer', '打印机故障', 'Printer'],
      ['scanner', '扫码故障', 'Scanner'],
      ['battery', '电池/充电', 'Battery or charging'],
      ['network', '网络故障', 'Network'],
      ['system', '系统/应用', 'System or app'],
      ['other', '其他', 'Other'],
    ],
  },
  {
    code: 'order_status',
    zh: '工单状态',
    en: 'Order status',
    items: [
      ['submitted', '已提交', 'Submitted'],
      ['accepted', '已受理', 'Accepted'],
      ['repairing', '维修中', 'In repair'],
      ['returned', '已寄回', 'Returned'],
      ['closed', '已关闭', 'Closed'],
      ['rejected', '已驳回', 'Rejected'],
    ],
  },
  {
    code: 'order_priority',
    zh: '工单优先级',
    en: 'Order priority',
    items: [
      ['low', '低', 'Low'],
      ['normal', '普通', 'Normal'],
      ['high', '高', 'High'],
      ['urgent', '紧急', 'Urgent'],
    ],
  },
  {
    code: 'read_status',
    zh: '阅读状态',
    en: 'Read status',
    items: [
      ['1', '已读', 'Read'],
      ['0', '未读', 'Unread'],
    ],
  },
];
