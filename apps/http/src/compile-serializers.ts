// Run by `pnpm build`: compiles the response serializers of every route the server has into
// dist/serializers (precompiled-serializers.ts), so that its start reads them instead.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createUseCases } from '@accounts/application';
import { createTestPorts } from '@accounts/application/testing';
import { buildApp } from './app.js';
import { ServiceMetrics } from './observability/metrics.js';
import { SERIALIZERS_DIR, storingSerializers } from './precompiled-serializers.js';

/** Every route of the server; nothing here is ever called (the use cases run on in-memory ports). */
export async function compileSerializers(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const app = await buildApp({
    useCases: createUseCases(createTestPorts()),
    config: {
      jwt: {
        key: { kind: 'secret', secret: 'x'.repeat(32), algorithms: ['HS256'] },
        issuer: null,
        audience: null,
      },
      rateLimit: { max: 1, windowMs: 1000 },
      corsOrigins: null,
      trustProxy: false,
      appName: 'Account Service',
      requestTimeoutMs: 1000,
      adminScope: 'accounts:admin',
    },
    metrics: new ServiceMetrics(),
    serializers: storingSerializers(dir),
  });
  await app.ready();
  await app.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compileSerializers(SERIALIZERS_DIR);
