import { createPublicKey } from 'node:crypto';
import type { KeyRefusal, LogoutTokenReader, ProviderKeySet, SignedToken } from '@accounts/application';
import { err, ok, type Result } from '@accounts/domain';
import { compactVerify, type CompactJWSHeaderParameters } from 'jose';

/** The key set's refusal, carried out of jose's key function. */
class KeyRefused extends Error {
  constructor(readonly refusal: KeyRefusal) {
    super(refusal.type);
  }
}

/**
 * Logout tokens through jose's compactVerify: the key chosen by the provider's key set for the
 * token's header (an unknown `kid` re-reads it under its cooldown), the algorithms the set
 * accepts; the claims are parsed, not judged (checkLogoutToken does that).
 */
export class JoseLogoutTokenReader implements LogoutTokenReader {
  constructor(private readonly keySet: ProviderKeySet) {}

  async read(
    token: string,
  ): Promise<Result<SignedToken, { type: 'KeysUnavailable' } | { type: 'BadSignature' }>> {
    let verified: { payload: Uint8Array; protectedHeader: CompactJWSHeaderParameters };
    try {
      verified = await compactVerify(
        token,
        async (header) => {
          const chosen = await this.keySet.keyFor(header);
          if (!chosen.ok) throw new KeyRefused(chosen.error);
          return createPublicKey(chosen.value);
        },
        { algorithms: [...this.keySet.algorithms] },
      );
    } catch (error) {
      if (error instanceof KeyRefused && error.refusal.type === 'KeysUnavailable') {
        return err({ type: 'KeysUnavailable' });
      }
      return err({ type: 'BadSignature' });
    }
    const claims = parseClaims(verified.payload);
    if (!claims) return err({ type: 'BadSignature' });
    return ok({ header: verified.protectedHeader, claims });
  }
}

/** The payload as a JSON object; null when it is not one. */
function parseClaims(payload: Uint8Array): Record<string, unknown> | null {
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
