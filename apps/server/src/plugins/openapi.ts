import { isDeepStrictEqual } from 'node:util';
import { type EndpointDef, envelopeSchema, methodsOf, SIGNED_IN } from '@cpm/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const DEFS_REF = '#/$defs/';
const COMPONENTS_REF = '#/components/schemas/';
/** OpenAPI's pattern for component names. */
const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;
/** What zod calls a recursive schema that has no `.meta({ id })`. */
const UNNAMED_DEF = /^__schema\d+$/;

const unnamed = (what: string) =>
  new Error(`The API document cannot place ${what}: name the recursive schema with .meta({ id: 'Name' }).`);

const pointAtComponents = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(pointAtComponents);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key !== '$ref' || typeof value !== 'string') return [key, pointAtComponents(value)];
      // zod refs its own $defs; `#` alone is an unnamed schema referring to itself.
      if (!value.startsWith(DEFS_REF)) throw unnamed(`the reference ${value}`);
      return [key, COMPONENTS_REF + value.slice(DEFS_REF.length)];
    }),
  );
};

/**
 * zod writes a schema's recursive and named parts into its own `$defs` and refs them as `#/$defs/X`,
 * which inside an OpenAPI document resolves against the document root and finds nothing. Moves them
 * to `components` under their `.meta({ id })` and points the refs there.
 */
const hoistDefs = (json: JsonSchema, components: Record<string, JsonSchema>): JsonSchema => {
  const { $defs, ...schema } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries($defs ?? {})) {
    if (UNNAMED_DEF.test(name) || !COMPONENT_NAME.test(name)) throw unnamed(`the schema ${name}`);
    const component = pointAtComponents(def) as JsonSchema;
    const known = components[name];
    if (known && !isDeepStrictEqual(known, component))
      throw new Error(`The API document has two different schemas named ${name}.`);
    components[name] = component;
  }
  return pointAtComponents(schema) as JsonSchema;
};

const toSchema = (
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return hoistDefs(rest, components);
};

const queryParameters = (schema: z.ZodType | undefined, components: Record<string, JsonSchema>) => {
  if (!schema) return [];
  const json = toSchema(schema, 'input', components) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
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
  const components: Record<string, JsonSchema> = {};
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
      ...(def.consoleOnly ? { 'x-console-only': true, security: [{ satoken: [] }] } : {}),
      ...(def.public
        ? {}
        : {
            description:
              def.permission === SIGNED_IN
                ? 'Any signed-in user.'
                : `Requires permission \`${def.permission}\`.`,
          }),
      parameters: queryParameters(def.query, components),
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(def.body, 'input', components) } },
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
              content: {
                'application/json': { schema: toSchema(envelopeSchema(def.result), 'output', components) },
              },
            },
      },
    };
    const entry = paths[def.path] ?? {};
    const methods = methodsOf(def);
    // Generated clients need one operationId per operation: a path served by two methods names both.
    for (const method of methods)
      entry[method.toLowerCase()] =
        methods.length > 1
          ? { ...operation, operationId: `${operation.operationId}_${method.toLowerCase()}` }
          : operation;
    paths[def.path] = entry;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud POS Management System API',
      version,
      description:
        'Every answer is the envelope {code, message, messageEn, msg, result}. Send the session token in the `satoken` header (or an API key as `Authorization: Bearer prefix.secret`) and the IANA time zone in `Timezone`.',
    },
    components: {
      // Sorted so the committed file does not reorder when endpoints move.
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        satoken: { type: 'apiKey', in: 'header', name: 'satoken' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'A service account key, `prefix.secret`' },
      },
    },
    security: [{ satoken: [] }, { apiKey: [] }],
    paths,
  };
};

/** Serves the document at /docs/openapi.json and a viewer at /docs. */
export const registerOpenApi = async (app: FastifyInstance, document: () => Record<string, unknown>) => {
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => document());
};
