import type { ErrorText } from '../errors';

/** Errors of technical support: after-sales orders, inspections and peripheral health. */
export const SUPPORT_ERRORS = {
  orderTransitionRefused: {
    code: 409,
    zh: '工单当前状态不允许此操作（可能已被他人处理），未做任何更改',
    en: "The order's current state does not allow this action (someone may have handled it first); nothing was changed",
  },
  orderMediaInvalid: {
    code: 400,
    zh: '照片或视频无效：请上传工单图片或视频（PNG、JPEG、WebP、MP4，不超过 50 MB）',
    en: 'Invalid photo or video: upload order photos or videos (PNG, JPEG, WebP, MP4, up to 50 MB)',
  },
  orderFaultTypeUnknown: {
    code: 400,
    zh: '故障类型不在字典中',
    en: 'The fault type is not in the dictionary',
  },
  orderAssigneeUnknown: {
    code: 400,
    zh: '处理人不存在或不在您的数据范围内',
    en: 'The assignee does not exist or is outside your data scope',
  },
  orderNotFound: { code: 404, zh: '工单不存在或不在您的数据范围内', en: 'No such order in your data scope' },
  processNotFound: {
    code: 404,
    zh: '巡检流程不存在或不在您的数据范围内',
    en: 'No such inspection process in your data scope',
  },
  processTransitionRefused: {
    code: 409,
    zh: '巡检流程当前状态不允许此操作（可能已被他人更改），未做任何更改',
    en: "The inspection process's current state does not allow this action (someone may have changed it first); nothing was changed",
  },
  processNotActive: {
    code: 409,
    zh: '只能按已启用的巡检流程填写记录（草稿、停用或已删除的流程不可用）',
    en: 'Records can only be filed against an active process (not a draft, inactive or deleted one)',
  },
  processDeletedEdit: {
    code: 409,
    zh: '已删除的巡检流程不能编辑',
    en: 'A deleted inspection process cannot be edited',
  },
  recordItemMissing: {
    code: 400,
    zh: '有必填检查项未填写，记录未保存',
    en: 'A required content item is empty; the record was not saved',
  },
  recordNotFound: {
    code: 404,
    zh: '巡检记录不存在或不在您的数据范围内',
    en: 'No such inspection record in your data scope',
  },
  recordItemNotFailed: {
    code: 409,
    zh: '只有未通过的检查项可以发起工单，且每项只能发起一次',
    en: 'Only a failed item can open an order, and only once',
  },
  runTerminalNotFound: {
    code: 404,
    zh: '终端不存在或不在您的数据范围内',
    en: 'No such terminal in your data scope',
  },
  orderAssignClosed: {
    code: 409,
    zh: '已关闭或已驳回的工单不能再指派',
    en: 'A closed or rejected order cannot be reassigned',
  },
  healthRuleTypeTaken: {
    code: 409,
    zh: '该外设类型已有规则',
    en: 'This peripheral type has a rule already',
  },
  healthRuleNotFound: { code: 404, zh: '外设健康规则不存在', en: 'No such peripheral health rule' },
  proposalNotFound: {
    code: 404,
    zh: '巡检建议不存在、已处理或不在您的数据范围内',
    en: 'No such open inspection proposal in your data scope',
  },
  orderTerminalUnknown: {
    code: 404,
    zh: '没有该序列号的终端，或不在您的数据范围内',
    en: 'No terminal with this SN in your data scope',
  },
} as const satisfies Record<string, ErrorText>;
