import { writeFileSync } from 'node:fs';
import { renderSchema, SCHEMA_FILE } from '../src/render';

writeFileSync(SCHEMA_FILE, await renderSchema());
process.stdout.write(`wrote ${SCHEMA_FILE.pathname}\n`);
