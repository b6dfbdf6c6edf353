import {
  DEFAULT_DELIVERY_POLICY,
  DEFAULT_DOMAIN_VERIFICATION_POLICY,
  DEFAULT_FAILURE_LIMIT,
  type DeliveryPolicy,
  type DomainVerificationPolicy,
  type FailureLimitPolicy,
  type LogoutTokenRules,
} from '@accounts/domain';
import { AccountStateChange } from './account-state/account-state-change.js';
import { ACCOUNT_STATE_CHANGES } from './account-state/state-changes.js';
import { OperatorStateChange } from './operator/operator-state-change.js';
import type { OutboxChannel } from './outbox/outbox-channel.js';
import { OutboxDelivery, type DeliveryObserver } from './outbox/outbox-delivery.js';
import { OutboxingUnitOfWork } from './outbox/outboxing-unit-of-work.js';
import type { Ports } from './ports.js';
import type { AuthCheckObserver } from './reauthentication/auth-check-observer.js';
import { FailureLimit } from './reauthentication/failure-limit.js';
import { PasskeyAssertion } from './reauthentication/passkey-assertion.js';
import { Reauthenticate } from './reauthentication/reauthenticate.js';
import { SecondFactor } from './reauthentication/second-factor.js';
import { SecondFactorChange } from './reauthentication/second-factor-change.js';
import { AuthorizeAccount } from './use-cases/authorize-account.use-case.js';
import { BanAccount } from './use-cases/ban-account.use-case.js';
import { ConfirmTwoFactor } from './use-cases/confirm-two-factor.use-case.js';
import { ConnectCustomDomain } from './use-cases/connect-custom-domain.use-case.js';
import { DeleteAccount } from './use-cases/delete-account.use-case.js';
import { DisableAccount } from './use-cases/disable-account.use-case.js';
import { DisableTwoFactor } from './use-cases/disable-two-factor.use-case.js';
import { DisconnectCustomDomain } from './use-cases/disconnect-custom-domain.use-case.js';
import { EnableAccount } from './use-cases/enable-account.use-case.js';
import { GetCustomDomain } from './use-cases/get-custom-domain.use-case.js';
import { GetDomainVerification } from './use-cases/get-domain-verification.use-case.js';
import { GetPasskeyAuthenticationOptions } from './use-cases/get-passkey-authentication-options.use-case.js';
import { GetPasskeyRegistrationOptions } from './use-cases/get-passkey-registration-options.use-case.js';
import { GetTwoFactorStatus } from './use-cases/get-two-factor-status.use-case.js';
import { ListPasskeys } from './use-cases/list-passkeys.use-case.js';
import { ListSecurityEvents } from './use-cases/list-security-events.use-case.js';
import { OpenBillingPortal } from './use-cases/open-billing-portal.use-case.js';
import { RecheckPendingDomains } from './use-cases/recheck-pending-domains.use-case.js';
import { RegenerateBackupCodes } from './use-cases/regenerate-backup-codes.use-case.js';
import { RegisterPasskey } from './use-cases/register-passkey.use-case.js';
import { RemovePasskey } from './use-cases/remove-passkey.use-case.js';
import { SetUpTwoFactor } from './use-cases/set-up-two-factor.use-case.js';
import { UnbanAccount } from './use-cases/unban-account.use-case.js';
import { VerifyCustomDomain } from './use-cases/verify-custom-domain.use-case.js';
import { ExportAccount } from './use-cases/export-account.use-case.js';
import { ExportAccountAsOperator } from './use-cases/export-account-as-operator.use-case.js';
import { ListAccountSecurityEvents } from './use-cases/list-account-security-events.use-case.js';
import { ResetTwoFactor } from './use-cases/reset-two-factor.use-case.js';
import { ShowAccount } from './use-cases/show-account.use-case.js';
import { ListSessions } from './use-cases/list-sessions.use-case.js';
import { ListSessionsAsOperator } from './use-cases/list-sessions-as-operator.use-case.js';
import { RevokeCurrentSession } from './use-cases/revoke-current-session.use-case.js';
import { RevokeOtherSessions } from './use-cases/revoke-other-sessions.use-case.js';
import { RevokeSession } from './use-cases/revoke-session.use-case.js';
import { SignOutEverywhere } from './use-cases/sign-out-everywhere.use-case.js';
import { SignOutEverywhereAsOperator } from './use-cases/sign-out-everywhere-as-operator.use-case.js';
import { HandleProviderLogout } from './use-cases/handle-provider-logout.use-case.js';
import type { LogoutTokenReader } from './logout-token-reader.js';
import type { ReplayRecord } from './replay-record.js';

export type OutboxOptions = {
  policy?: DeliveryPolicy;
  /** How long a request's own billing entries are left to it; default 60 s. */
  leaseMs?: number;
  /** Called after a commit that queued entries for the worker: the worker's `wake`. */
  onQueued?: () => void;
  observer?: DeliveryObserver;
  /** Channels beside the built-in two (billing cancellations, webhooks), each of a kind of its own. */
  channels?: readonly OutboxChannel[];
};

/** The identity provider's back-channel logout (OIDC_LOGOUT_AUDIENCE): its tokens' reader, used ids, rules. */
export type ProviderLogoutOptions = {
  logoutTokens: LogoutTokenReader;
  replay: ReplayRecord;
  rules: LogoutTokenRules;
};

export type UseCaseOptions = {
  /** None: no handleProviderLogout (the route is 404). */
  providerLogout?: ProviderLogoutOptions;
  /** Unset parts take DEFAULT_FAILURE_LIMIT's. */
  failureLimit?: Partial<FailureLimitPolicy>;
  domainVerification?: DomainVerificationPolicy;
  outbox?: OutboxOptions;
  /** Told of failed checks, locks and refusals while locked (e.g. for metrics); default: nobody. */
  authChecks?: AuthCheckObserver;
  /**
   * TWO_FACTOR_REQUIRE_PASSWORD: 2FA confirm, 2FA disable and backup-code regeneration also need
   * the password, checked first. Default false, as the specification.
   */
  twoFactorRequiresPassword?: boolean;
};

export const DEFAULT_LEASE_MS = 60_000;

/** The one factory the composition root and embedding services call. */
export function createUseCases(ports: Ports, options: UseCaseOptions = {}) {
  const outbox = options.outbox ?? {};
  const delivery = new OutboxDelivery(
    ports,
    outbox.policy ?? DEFAULT_DELIVERY_POLICY,
    outbox.observer,
    outbox.channels,
  );
  ports = {
    ...ports,
    unitOfWork: new OutboxingUnitOfWork(ports.unitOfWork, ports, delivery, {
      leaseMs: outbox.leaseMs ?? DEFAULT_LEASE_MS,
      ...(outbox.onQueued ? { onQueued: outbox.onQueued } : {}),
    }),
  };
  const failureLimit = new FailureLimit(
    ports,
    { ...DEFAULT_FAILURE_LIMIT, ...options.failureLimit },
    options.authChecks,
  );
  const secondFactor = new SecondFactor(ports);
  const passkeyAssertion = new PasskeyAssertion(ports);
  const reauthenticate = new Reauthenticate(ports, failureLimit, secondFactor, passkeyAssertion);
  const accountState = new AccountStateChange(ports, reauthenticate);
  const secondFactorChange = new SecondFactorChange(
    ports,
    failureLimit,
    options.twoFactorRequiresPassword ?? false,
  );
  const verificationPolicy = options.domainVerification ?? DEFAULT_DOMAIN_VERIFICATION_POLICY;
  const listSecurityEvents = new ListSecurityEvents(ports);
  const exportAccount = new ExportAccount(ports, delivery.channels);
  return {
    authorizeAccount: new AuthorizeAccount(ports),
    setUpTwoFactor: new SetUpTwoFactor(ports),
    confirmTwoFactor: new ConfirmTwoFactor(ports, secondFactorChange, secondFactor),
    disableTwoFactor: new DisableTwoFactor(ports, secondFactorChange, secondFactor, passkeyAssertion),
    getTwoFactorStatus: new GetTwoFactorStatus(ports),
    regenerateBackupCodes: new RegenerateBackupCodes(
      ports,
      secondFactorChange,
      secondFactor,
      passkeyAssertion,
    ),
    getCustomDomain: new GetCustomDomain(ports),
    connectCustomDomain: new ConnectCustomDomain(ports),
    disconnectCustomDomain: new DisconnectCustomDomain(ports),
    getDomainVerification: new GetDomainVerification(ports),
    verifyCustomDomain: new VerifyCustomDomain(ports, verificationPolicy),
    recheckPendingDomains: new RecheckPendingDomains(ports, verificationPolicy),
    disableAccount: new DisableAccount(accountState),
    enableAccount: new EnableAccount(accountState),
    banAccount: new BanAccount(accountState),
    unbanAccount: new UnbanAccount(accountState),
    deleteAccount: new DeleteAccount(ports, accountState),
    openBillingPortal: new OpenBillingPortal(ports),
    getPasskeyRegistrationOptions: new GetPasskeyRegistrationOptions(ports),
    registerPasskey: new RegisterPasskey(ports, secondFactorChange, secondFactor, passkeyAssertion),
    listPasskeys: new ListPasskeys(ports),
    getPasskeyAuthenticationOptions: new GetPasskeyAuthenticationOptions(ports),
    removePasskey: new RemovePasskey(ports, reauthenticate),
    listSecurityEvents,
    showAccount: new ShowAccount(ports),
    disableAccountAsOperator: new OperatorStateChange(accountState, ACCOUNT_STATE_CHANGES.disable),
    enableAccountAsOperator: new OperatorStateChange(accountState, ACCOUNT_STATE_CHANGES.enable),
    banAccountAsOperator: new OperatorStateChange(accountState, ACCOUNT_STATE_CHANGES.ban),
    unbanAccountAsOperator: new OperatorStateChange(accountState, ACCOUNT_STATE_CHANGES.unban),
    resetTwoFactor: new ResetTwoFactor(ports),
    listAccountSecurityEvents: new ListAccountSecurityEvents(ports, listSecurityEvents),
    exportAccount,
    exportAccountAsOperator: new ExportAccountAsOperator(ports, exportAccount),
    listSessions: new ListSessions(ports),
    revokeCurrentSession: new RevokeCurrentSession(ports),
    revokeSession: new RevokeSession(ports, reauthenticate),
    revokeOtherSessions: new RevokeOtherSessions(ports, reauthenticate),
    signOutEverywhere: new SignOutEverywhere(ports),
    listSessionsAsOperator: new ListSessionsAsOperator(ports),
    signOutEverywhereAsOperator: new SignOutEverywhereAsOperator(ports),
    ...(options.providerLogout
      ? { handleProviderLogout: providerLogout(ports, options.providerLogout) }
      : {}),
  };
}

function providerLogout(ports: Ports, { logoutTokens, replay, rules }: ProviderLogoutOptions) {
  return new HandleProviderLogout({ ...ports, logoutTokens, replay }, rules);
}

export type UseCases = ReturnType<typeof createUseCases>;
