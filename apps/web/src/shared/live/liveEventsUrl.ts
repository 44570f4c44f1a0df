/** The `/mqtt` address of the server that served the console (ws:// or wss:// like the page). */
export const liveEventsUrl = (location: Pick<Location, 'protocol' | 'host'>) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/mqtt`;
