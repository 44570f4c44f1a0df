import mqtt from 'mqtt';

/** MQTT 3.1.1 CONNACK "server unavailable": the server refused the terminal for load (admission). */
const SERVER_UNAVAILABLE = 3;

/**
 * Connects as a terminal does: refused for load, it comes back a little later. The server answers
 * "server unavailable" while its event loop is late, as PGlite's statements make it now and then in
 * tests, so a single attempt would fail a test for the machine's pace rather than for the product.
 */
export const connectTerminal = async (url: string, opts: mqtt.IClientOptions) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await mqtt.connectAsync(url, opts);
    } catch (err) {
      if ((err as { code?: number }).code !== SERVER_UNAVAILABLE || attempt === 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};
