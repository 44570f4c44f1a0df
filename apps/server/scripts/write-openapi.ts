import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, renderOpenApiFile } from '../src/plugins/openapi-file';

writeFileSync(OPENAPI_FILE, renderOpenApiFile());
process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
