// This service as deployed (compiled dist), configured from the environment.
import { createService } from '../dist/composition-root.js';
import { loadConfig } from '../dist/config.js';

const { app } = await createService(loadConfig(process.env));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
