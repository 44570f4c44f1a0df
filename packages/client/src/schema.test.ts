import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchema, SCHEMA_FILE } from './render';

describe('the typed client', () => {
  it('is generated from the current docs/openapi.json (run `npm run generate -w @cpm/client`)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await renderSchema());
  }, 60_000);
});
