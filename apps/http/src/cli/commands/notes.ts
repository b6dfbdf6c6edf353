import { DEFAULT_DATA_DIR, DEV_JWT_SECRET_FILE } from '@accounts/adapters';

/** The environment the database commands read, as their --help says it. */
export const DATABASE_NOTE = `Uses DATABASE_URL like the server (unset: the embedded database in ${DEFAULT_DATA_DIR}).`;

export const SIGNING_NOTE = [
  'Signs HS256 tokens with JWT_SECRET (and JWT_ISSUER, JWT_AUDIENCE when set). In dev mode (neither',
  `JWT_SECRET nor DATABASE_URL set) it uses the dev server's secret, ${DEV_JWT_SECRET_FILE}.`,
  'With OIDC_ISSUER or JWT_JWKS_URL set it exits 2: tokens come from the identity provider.',
].join('\n');
