import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { authEndpoints } from './auth/auth.contract';
import type { DefOf } from './endpoint-ref';
import { ENDPOINTS } from './endpoints';
import * as routes from './routes';
import { endpointGroups, renderRoutes, routesName } from './routes-source';

describe('routes (endpoints without their schemas)', () => {
  it('is up to date with the endpoint definitions (npm run routes -w @cpm/contracts)', () => {
    expect(readFileSync(new URL('./routes.ts', import.meta.url), 'utf8')).toBe(renderRoutes());
  });

  it('gives every endpoint the method and path of its definition, and nothing else', () => {
    const byName = routes as unknown as Record<string, Record<string, unknown>>;
    let count = 0;
    for (const { name, group } of endpointGroups()) {
      const refs = byName[routesName(name)];
      expect(Object.keys(refs ?? {}), name).toEqual(Object.keys(group));
      for (const [call, def] of Object.entries(group)) {
        expect(refs?.[call], `${name}.${call}`).toEqual({ method: def.method, path: def.path });
        count += 1;
      }
    }
    expect(count).toBe(Object.values(ENDPOINTS).reduce((n, g) => n + Object.keys(g).length, 0));
  });
});

describe('DefOf', () => {
  it('keeps the types of a definition and of a reference to it', () => {
    type Def = typeof authEndpoints.login;
    expectTypeOf<DefOf<Def>>().toEqualTypeOf<Def>();
    expectTypeOf<DefOf<typeof routes.authRoutes.login>>().toEqualTypeOf<Def>();
  });
});
