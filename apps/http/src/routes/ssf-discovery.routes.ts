import { SSF_POLL, SSF_PUSH } from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SSF_PATHS } from '../ssf/ssf-paths.js';

export type SsfDiscoveryOptions = {
  /** The transmitter's issuer: PUBLIC_URL, an origin without a path. */
  issuer: string;
  /** The transmitter's key set: every key's public JWK, the signing one first. */
  jwks: { keys: readonly object[] };
};

/** How long receivers may keep the metadata and the key set (the rotation waits longer). */
const CACHE_SECONDS = 300;

const JsonObject = Type.Object({}, { additionalProperties: true });

/** The Transmitter Configuration Metadata (SSF 1.0 §7.1) of `issuer`. */
function ssfConfiguration(issuer: string) {
  const at = (path: string) => `${issuer}${path}`;
  return {
    spec_version: '1_0',
    issuer,
    jwks_uri: at(SSF_PATHS.jwks),
    delivery_methods_supported: [SSF_PUSH, SSF_POLL],
    configuration_endpoint: at(SSF_PATHS.stream),
    status_endpoint: at(SSF_PATHS.status),
    add_subject_endpoint: at(SSF_PATHS.addSubject),
    remove_subject_endpoint: at(SSF_PATHS.removeSubject),
    verification_endpoint: at(SSF_PATHS.verification),
    authorization_schemes: [{ spec_urn: 'urn:ietf:rfc:6749' }],
    default_subjects: 'ALL',
  };
}

/**
 * The SSF transmitter's discovery, at the host's root (no token, no route protection, as the
 * probes): `/.well-known/ssf-configuration` and the key set its `jwks_uri` names. Outside the
 * OpenAPI description: SSF 1.0 describes them, and the typed client does not call them.
 */
export const ssfDiscoveryRoutes: FastifyPluginCallbackTypebox<SsfDiscoveryOptions> = (
  app,
  { issuer, jwks },
  done,
) => {
  const configuration = ssfConfiguration(issuer);
  const cacheControl = `public, max-age=${CACHE_SECONDS}`;
  app.get(
    '/.well-known/ssf-configuration',
    { schema: { hide: true, response: { 200: JsonObject } } },
    (_request, reply) => {
      reply.header('cache-control', cacheControl);
      return Promise.resolve(configuration);
    },
  );
  app.get(SSF_PATHS.jwks, { schema: { hide: true, response: { 200: JsonObject } } }, (_request, reply) => {
    reply.header('cache-control', cacheControl);
    return Promise.resolve(jwks);
  });
  done();
};
