import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allEndpoints } from '@cpm/contracts';
import { VERSION } from '../version';
import { buildOpenApi } from './openapi';

/** `docs/openapi.json` at the repository root. */
export const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/openapi.json',
);

/** The committed API document's exact text. */
export const renderOpenApiFile = () => `${JSON.stringify(buildOpenApi(allEndpoints(), VERSION), null, 2)}\n`;
