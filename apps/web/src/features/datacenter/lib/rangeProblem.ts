import { DATA_RANGE_MAX_DAYS, DateRangeSchema, daysInRange, describeIssue } from '@cpm/contracts';

/** What is wrong with a range, in both languages, by the same rules the server applies; null when it is fine. */
export const rangeProblem = (range: {
  startDate: string;
  endDate: string;
}): { zh: string; en: string } | null => {
  const parsed = DateRangeSchema.safeParse(range);
  if (!parsed.success) return describeIssue(parsed.error.issues[0] as never);
  const days = daysInRange(range);
  if (days < 1)
    return { zh: '结束日期不能早于开始日期', en: 'The end date must not be before the start date' };
  if (days > DATA_RANGE_MAX_DAYS)
    return {
      zh: `日期范围不能超过 ${DATA_RANGE_MAX_DAYS} 天`,
      en: `The date range must not be longer than ${DATA_RANGE_MAX_DAYS} days`,
    };
  return null;
};
