import { alertsEndpoints as e } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { AlertsService } from './alerts.service';
import type { NotifyRepository } from './notify.repository';

/** Alert rules, the alert centre, incidents and each user's notice preferences. */
export const registerAlertsRoutes = (
  api: EndpointRegistry,
  deps: {
    alerts: AlertsService;
    prefs: Pick<NotifyRepository, 'preferencesOf' | 'savePreferences'>;
    now: () => Date;
  },
) => {
  const { alerts, prefs } = deps;
  api.register(e.rulePage, ({ query, auth }) => alerts.rulePage(auth, query));
  api.register(e.ruleSave, ({ body, auth, oplog }) => alerts.saveRule(auth, oplog, body));
  api.register(e.ruleRemove, ({ body, auth, oplog }) => alerts.removeRule(auth, oplog, body.id));
  api.register(e.page, ({ query, auth }) => alerts.page(auth, query));
  api.register(e.timeline, ({ query, auth }) => alerts.timeline(auth, query.id));
  api.register(e.acknowledge, ({ body, auth, oplog }) =>
    alerts.transition(auth, oplog, 'acknowledged', body.ids, body.note),
  );
  api.register(e.close, ({ body, auth, oplog }) =>
    alerts.transition(auth, oplog, 'closed', body.ids, body.note),
  );
  api.register(e.incidentPage, ({ query, auth }) => alerts.incidentPage(auth, query));
  api.register(e.summary, ({ auth }) => alerts.summary(auth));
  api.register(e.preferences, async ({ auth }) => {
    const p = (await prefs.preferencesOf([auth.userId])).get(auth.userId);
    return p ?? { modes: {}, mutedChannels: [] };
  });
  api.register(e.savePreferences, async ({ body, auth }) => {
    await prefs.savePreferences(auth.userId, body, deps.now());
    return null;
  });
};
