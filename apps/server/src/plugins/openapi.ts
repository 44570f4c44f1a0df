import { type EndpointDef, envelopeSchema, methodsOf, SIGNED_IN } from '@cpm/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const queryParameters = (schema: z.ZodType | undefined) => {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
};

/** The OpenAPI 3.1 document of the given endpoints, with each operation's permission or public mark. */
export const buildOpenApi = (endpoints: readonly EndpointDef[], version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...endpoints].sort((a, b) => a.path.localeCompare(b.path));
  for (const def of sorted) {
    const operation = {
      summary: def.summary,
      tags: [def.tag],
      operationId: def.path
        .replace(/^\//, '')
        .replace(/\/v1\//, '/')
        .replace(/[/:]/g, '_'),
      ...(def.public ? { 'x-public': true, security: [] } : { 'x-permission': def.permission }),
      ...(def.public
        ? {}
        : {
            description:
              def.permission === SIGNED_IN
                ? 'Any signed-in user.'
                : `Requires permission \`${def.permission}\`.`,
          }),
      parameters: queryParameters(def.query),
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(def.body, 'input') } },
            },
          }
        : {}),
      ...(def.upload
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: ['file'],
                    properties: { file: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
          }
        : {}),
      responses: {
        200: def.binary
          ? { description: 'File', content: { 'application/octet-stream': {} } }
          : {
              description: 'Envelope; `code` 1 on success',
              content: { 'application/json': { schema: toSchema(envelopeSchema(def.result), 'output') } },
            },
      },
    };
    const entry = paths[def.path] ?? {};
    for (const method of methodsOf(def)) entry[method.toLowerCase()] = operation;
    paths[def.path] = entry;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud POS Management System API',
      version,
      description:
        'Every answer is the envelope {code, message, messageEn, msg, result}. Send the session token in the `satoken` header and the IANA time zone in `Timezone`.',
    },
    components: { securitySchemes: { satoken: { type: 'apiKey', in: 'header', name: 'satoken' } } },
    security: [{ satoken: [] }],
    paths,
  };
};

/** Serves the document at /docs/openapi.json and a viewer at /docs. */
export const registerOpenApi = async (app: FastifyInstance, document: () => Record<string, unknown>) => {
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => document());
};
