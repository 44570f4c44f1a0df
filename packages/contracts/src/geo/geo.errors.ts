import type { ErrorText } from '../errors';

/** Errors of the map and of geofences. */
export const GEO_ERRORS = {
  geoRangeTooLong: {
    code: 400,
    zh: '时间范围不能超过 31 天，且开始时间须早于结束时间',
    en: 'The time range must start before it ends and span at most 31 days',
  },
  fenceNotFound: {
    code: 404,
    zh: '围栏不存在或不在您的数据范围内',
    en: 'No such geofence in your data scope',
  },
  fenceDuplicate: { code: 409, zh: '已存在同名围栏', en: 'A geofence with this name already exists' },
  fenceSelfIntersecting: {
    code: 400,
    zh: '多边形的边不能相交，请重新绘制',
    en: 'The polygon crosses itself; draw it again without crossing edges',
  },
  fenceTooFewPoints: {
    code: 400,
    zh: '多边形至少需要 3 个不同的顶点',
    en: 'A polygon needs at least 3 distinct corners',
  },
  fenceRadiusOutOfRange: {
    code: 400,
    zh: '圆形围栏的半径须在 10 米到 50 公里之间',
    en: 'The radius of a circular geofence must be between 10 m and 50 km',
  },
  fenceTargetForeign: {
    code: 400,
    zh: '只能把围栏分配给您自己的分组和终端',
    en: 'A geofence can be assigned only to your own groups and terminals',
  },
  fenceHoursInvalid: {
    code: 400,
    zh: '生效时段的开始和结束不能相同',
    en: 'The active hours must not start and end at the same time',
  },
} as const satisfies Record<string, ErrorText>;
