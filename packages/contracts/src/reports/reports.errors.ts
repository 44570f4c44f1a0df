import type { ErrorText } from '../errors';

/** Errors of scheduled reports. */
export const REPORT_ERRORS = {
  reportNotFound: {
    code: 404,
    zh: '定时报表不存在或不在您的数据范围内',
    en: 'The scheduled report does not exist or is outside your data scope',
  },
  reportLimitReached: {
    code: 400,
    zh: '每个账号最多保存 20 个定时报表，未做任何更改；请先删除不再需要的报表',
    en: 'An account keeps at most 20 scheduled reports; nothing was changed. Delete one you no longer need first',
  },
  reportOwnerInactive: {
    code: 400,
    zh: '报表所属账号已停用，报表未发送',
    en: "The report's account is no longer active; the report was not sent",
  },
} as const satisfies Record<string, ErrorText>;
