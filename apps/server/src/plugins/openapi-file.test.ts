import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApiFile } from './openapi-file';

describe('docs/openapi.json', () => {
  it('matches the endpoint definitions (run `npm run openapi` after changing an endpoint)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApiFile());
  });

  it('names every operation once, as generated clients need', () => {
    const doc = JSON.parse(renderOpenApiFile()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
