import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { OPENAPI_FILE, serializeOpenApiDocument } from '../openapi/openapi-file';

// `npm run openapi`: writes the generated document to openapi.json at the repository's root.
const target = resolve(__dirname, '../../../..', OPENAPI_FILE);
writeFileSync(target, serializeOpenApiDocument(buildOpenApiDocument()));
console.log(`wrote ${target}`);
