import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApiFile } from './openapi-file';

describe('docs/openapi.json', () => {
  it('matches the endpoint definitions (run `npm run openapi` after changing an endpoint)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApiFile());
  });
});
