import { createRequire } from 'node:module';
import type { Totp } from '@accounts/application';
import type * as OtplibModule from 'otplib';
import type { TOTP } from 'otplib';
import { TOTP_POLICY, isTotpCodeShape } from '@accounts/domain';

const SECRET_BYTES = 20; // 160 bits: exactly 32 base32 characters, no padding

type Otplib = typeof OtplibModule;
let otplib: Otplib | null = null;
/** otplib (and its crypto and base32 plugins) only once a second factor is used: most requests never do. */
function loadOtplib(): Otplib {
  otplib ??= createRequire(import.meta.url)('otplib') as Otplib;
  return otplib;
}

/**
 * RFC 6238 TOTP through otplib 13: SHA1, 6 digits, 30 s steps, one step either side accepted.
 * otplib compares codes in constant time and reports the matched time step.
 */
export class OtplibTotp implements Totp {
  private readonly issuer: string;
  private instance: TOTP | null = null;

  constructor(options: { issuer: string }) {
    if (!options.issuer) throw new Error('TOTP issuer is required');
    this.issuer = options.issuer;
  }

  private get totp(): TOTP {
    if (this.instance === null) {
      const { TOTP, NobleCryptoPlugin, ScureBase32Plugin } = loadOtplib();
      this.instance = new TOTP({
        crypto: new NobleCryptoPlugin(),
        base32: new ScureBase32Plugin(),
        algorithm: 'sha1',
        digits: TOTP_POLICY.digits,
        period: TOTP_POLICY.periodSeconds,
      });
    }
    return this.instance;
  }

  generateSecret(): string {
    return loadOtplib().generateSecret({ length: SECRET_BYTES });
  }

  /** `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`. */
  keyUri(input: { secret: string; accountName: string }): string {
    // Built here: otplib's generateURI leaves out parameters that equal its defaults; stating them
    // costs nothing and leaves no authenticator app guessing.
    const label = `${encodeURIComponent(this.issuer)}:${encodeURIComponent(input.accountName)}`;
    const query = [
      `secret=${encodeURIComponent(input.secret)}`,
      `issuer=${encodeURIComponent(this.issuer)}`,
      `algorithm=${TOTP_POLICY.algorithm}`,
      `digits=${TOTP_POLICY.digits}`,
      `period=${TOTP_POLICY.periodSeconds}`,
    ].join('&');
    return `otpauth://totp/${label}?${query}`;
  }

  async verify(input: { secret: string; code: string; at: Date }): Promise<number | null> {
    if (!isTotpCodeShape(input.code)) return null;
    const result = await this.totp.verify(input.code, {
      secret: input.secret,
      epoch: Math.floor(input.at.getTime() / 1000),
      // Seconds either side of `epoch`; one period is exactly one step either side.
      epochTolerance: TOTP_POLICY.window * TOTP_POLICY.periodSeconds,
    });
    return result.valid ? result.timeStep : null;
  }
}
