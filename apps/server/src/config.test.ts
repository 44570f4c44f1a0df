import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.mqttPort).toBe(1883);
    expect(config.captcha).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.sessionIdleMs).toBe(2 * 3_600_000);
    expect(config.sessionMaxMs).toBe(12 * 3_600_000);
  });

  it('fails fast and names each bad value', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', CAPTCHA: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/ADMIN_PASSWORD/);
    expect(attempt).toThrow(/CAPTCHA/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });

  it('accepts PostgreSQL, in-memory and external broker settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      MQTT_URL: 'mqtt://127.0.0.1:1883',
      MQTT_PORT: '0',
      CAPTCHA: 'off',
    });
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1/db');
    expect(config.mqttUrl).toBe('mqtt://127.0.0.1:1883');
    expect(config.mqttPort).toBe(0);
    expect(config.captcha).toBe(false);
  });
});
