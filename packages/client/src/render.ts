import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

/** `docs/openapi.json` at the repository root: the document the server serves at /docs/openapi.json. */
export const OPENAPI_FILE = new URL('../../../docs/openapi.json', import.meta.url);
/** The generated types the client is typed by. */
export const SCHEMA_FILE = new URL('./schema.ts', import.meta.url);

const HEADER = '// Generated from docs/openapi.json by `npm run generate -w @cpm/client`. Do not edit.\n\n';

/** The text of `schema.ts` for the current API document. */
export const renderSchema = async (): Promise<string> => {
  const ast = await openapiTS(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), {
    // Optional properties stay optional instead of `T | undefined`, as the document says.
    exportType: true,
  });
  return HEADER + astToString(ast);
};
