import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { renderOpenApiFile } from './openapi-file';

const refsOf = (node: unknown): string[] => {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsOf(value),
  );
};

describe('the API document', () => {
  const document = JSON.parse(renderOpenApiFile());

  it('passes an independent OpenAPI validator', async () => {
    // The validator dereferences in place, so it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  });

  it('points every $ref at a component of the document itself', () => {
    const outside = refsOf(document).filter((ref) => !ref.startsWith('#/components/'));
    expect(outside).toEqual([]);
  });
});
