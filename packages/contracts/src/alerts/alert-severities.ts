/**
 * Alert severities, most severe first. In a module without zod, so the dashboard's open-alerts
 * figure does not load zod to list them.
 */
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
