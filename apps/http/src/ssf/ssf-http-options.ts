import type { SsfDiscoveryOptions } from '../routes/ssf-discovery.routes.js';
import type { SsfStreamRoutesOptions } from '../routes/ssf-streams.routes.js';

/** What buildApp serves of the SSF transmitter: its discovery at the root, its streams under /api/ssf/. */
export type SsfHttpOptions = {
  discovery: SsfDiscoveryOptions;
  streams: Omit<SsfStreamRoutesOptions, 'identify'>;
};
