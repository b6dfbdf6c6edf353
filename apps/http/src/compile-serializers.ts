// Run by `pnpm build`: compiles the response serializers of every route the server has into
// dist/serializers (precompiled-serializers.ts), so that its start reads them instead.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createService } from './composition-root.js';
import { loadConfig } from './config/load-config.js';
import { SERIALIZERS_DIR, storingSerializers } from './precompiled-serializers.js';

/**
 * Every route of the server, built as the service builds it (its own adapters, on a throw-away
 * embedded database); nothing is ever called, and no test double is in the build.
 */
async function compileSerializers(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const config = loadConfig({
    DATABASE_URL: 'pglite://memory',
    JWT_SECRET: 'serializers compiled at build time, never served',
    LOG_LEVEL: 'warn',
  });
  const service = await createService(config, { serializers: storingSerializers(dir) });
  await service.app.ready();
  await service.app.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compileSerializers(SERIALIZERS_DIR);
