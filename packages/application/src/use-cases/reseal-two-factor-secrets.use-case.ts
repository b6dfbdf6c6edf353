import type { Ports } from '../ports.js';

const PAGE_SIZE = 500;

export type ResealSummary = {
  /** Secrets now sealed with the current key that were not before. */
  resealed: number;
  /** Users whose stored secret could not be opened with any configured key (left as they are). */
  unreadable: string[];
};

/**
 * Seals every stored TOTP secret with the current key (`pnpm cli secrets reseal`), so that an
 * older key can be retired. A secret already sealed with it is left alone; one changed meanwhile
 * (2FA turned off or confirmed again) is left to that change.
 */
export class ResealTwoFactorSecrets {
  constructor(private readonly deps: Pick<Ports, 'users' | 'secrets' | 'logger'>) {}

  async execute(): Promise<ResealSummary> {
    const summary: ResealSummary = { resealed: 0, unreadable: [] };
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.users.findTwoFactorSecrets({ after, limit: PAGE_SIZE });
      for (const { userId, stored } of page) {
        if (!this.deps.secrets.needsReseal(stored)) continue;
        let secret: string;
        try {
          secret = this.deps.secrets.open(userId, stored);
        } catch {
          summary.unreadable.push(userId);
          continue;
        }
        const sealed = this.deps.secrets.seal(userId, secret);
        if (await this.deps.users.replaceTwoFactorSecret(userId, stored, sealed)) summary.resealed++;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE_SIZE) break;
      after = last.userId;
    }
    if (summary.resealed > 0) {
      this.deps.logger.info(
        { event: 'totp_secrets_resealed', count: summary.resealed },
        'TOTP secrets resealed',
      );
    }
    return summary;
  }
}
