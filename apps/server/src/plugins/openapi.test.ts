import { type EndpointDef, SIGNED_IN } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from './openapi';

type Node = { name: string; children: Node[] };

const endpointFor = (path: string, result: z.ZodType): EndpointDef => ({
  method: 'GET',
  path,
  summary: 'Tree',
  tag: 'test',
  permission: SIGNED_IN,
  result,
});

describe('buildOpenApi', () => {
  it('shares a named recursive schema as one component that the operations ref', () => {
    const NodeSchema: z.ZodType<Node> = z
      .lazy(() => z.object({ name: z.string(), children: z.array(NodeSchema) }))
      .meta({ id: 'TestTreeNode' });
    const doc = buildOpenApi(
      [endpointFor('/a', z.array(NodeSchema)), endpointFor('/b', z.array(NodeSchema))],
      '1',
    );
    expect(Object.keys(doc.components.schemas)).toEqual(['TestTreeNode']);
    expect(JSON.stringify(doc.components.schemas.TestTreeNode)).toContain(
      '"$ref":"#/components/schemas/TestTreeNode"',
    );
    expect(JSON.stringify(doc.paths)).not.toContain('$defs');
  });

  it('refuses a recursive schema without a name rather than writing a ref that resolves nowhere', () => {
    const NodeSchema: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(NodeSchema) }),
    );
    expect(() => buildOpenApi([endpointFor('/a', z.array(NodeSchema))], '1')).toThrow(/\.meta\(\{ id/);
  });
});
