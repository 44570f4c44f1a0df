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
    expect(config.remote.port).toBe(0);
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

  it('reads the trusted proxies as addresses and CIDR ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.8.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.8.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '*'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
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

  it('keeps files on disk by default and in S3 with BLOB_URL', () => {
    expect(loadConfig({ DATA_DIR: '/srv/cpm' }).blobStore).toEqual({ kind: 'disk', root: '/srv/cpm/blobs' });
    expect(
      loadConfig({
        BLOB_URL: 's3://cpm-files/prod/eu',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).blobStore,
    ).toEqual({
      kind: 's3',
      bucket: 'cpm-files',
      prefix: 'prod/eu',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ BLOB_URL: 's3://cpm-files' }).blobStore).toMatchObject({
      prefix: '',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ BLOB_URL: 'https://bucket' })).toThrow(/BLOB_URL/);
    expect(() => loadConfig({ BLOB_SWEEP_MINUTES: '-1' })).toThrow(/BLOB_SWEEP_MINUTES/);
  });
});

describe('map tile settings', () => {
  it('default to the offline world map', () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: null,
      datum: 'wgs84',
      subdomains: 'abc',
      attribution: 'Natural Earth',
      maxZoom: 10,
    });
  });

  it('take a tile server and recognise AMap as GCJ-02', () => {
    const amap = loadConfig({
      MAP_TILE_URL: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      MAP_TILE_SUBDOMAINS: '1234',
    }).map;
    expect(amap).toMatchObject({ datum: 'gcj02', subdomains: '1234', maxZoom: 18 });
    const osm = loadConfig({
      MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap',
    }).map;
    expect(osm).toMatchObject({ datum: 'wgs84', attribution: '© OpenStreetMap' });
    expect(loadConfig({ MAP_TILE_URL: osm.tileUrl ?? '', MAP_TILE_DATUM: 'gcj02' }).map.datum).toBe('gcj02');
  });

  it('refuse a URL that is not a tile template', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_DATUM: 'bd09' })).toThrow(/MAP_TILE_DATUM/);
  });
});
