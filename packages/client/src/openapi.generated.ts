/**
 * The account service's OpenAPI description (GET /openapi.json) as TypeScript types, made by
 * openapi-typescript. Generated: do not edit; `pnpm generate:client` writes it again.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: 200 while the process runs */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 when the database answers within 2 s (and the identity provider's keys were read, with a key set), 503 otherwise */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/idp/backchannel-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The identity provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0): signs out the sessions its logout token names
         * @description Enabled by OIDC_LOGOUT_AUDIENCE. No bearer token and no route protection; the logout token is the credential.
         */
        post: operations["handleProviderLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether 2FA is on, and how many backup codes are left */
        get: operations["getTwoFactorStatus"];
        put?: never;
        /**
         * Set up, confirm or disable TOTP two-factor authentication
         * @description `enable: true` without both `secret` and `verificationCode`: setup (new secret and QR code, nothing stored). `enable: true` with both: confirm. `enable: false`: disable (needs `verificationCode`). With TWO_FACTOR_REQUIRE_PASSWORD=true, confirm and disable also need `password`, checked first (missing: 400 `PASSWORD_REQUIRED`; wrong: 401 `INVALID_PASSWORD`, counted as a failure).
         */
        post: operations["manageTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/2fa/backup-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace every backup code with 10 new ones (needs a current TOTP code)
         * @description Checked in this order: 2FA off (400 `TWO_FACTOR_NOT_ENABLED`), code missing (400 `VERIFICATION_CODE_MISSING`), wrong, used or backup code (400 `INVALID_VERIFICATION_CODE`). The TOTP code is used up; failures count towards the failure limit. With TWO_FACTOR_REQUIRE_PASSWORD=true, `password` is also needed and checked first (missing: 400 `PASSWORD_REQUIRED`; wrong: 401 `INVALID_PASSWORD`, counted as a failure).
         */
        post: operations["regenerateBackupCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/custom-domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The custom domain of the caller's DROP entitlement */
        get: operations["getCustomDomain"];
        put?: never;
        /** Connect a custom domain (Enterprise tier); it starts unverified */
        post: operations["connectCustomDomain"];
        /** Disconnect the custom domain (idempotent) */
        delete: operations["disconnectCustomDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/custom-domain/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The DNS record to publish for the custom domain, and where its verification stands
         * @description Publish a TXT record named `recordName` with the value `recordValue`, then call POST /api/user/custom-domain/verify (pending domains are also re-checked every few minutes, for 7 days).
         */
        get: operations["getDomainVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/custom-domain/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look the verification record up now (Enterprise tier); answers where the check stands
         * @description No body. A TXT string equal to `recordValue` (chunks of one record joined) verifies the domain: `customDomainVerified` becomes true. Found nothing, or the lookup failed or timed out: 200 with the status unchanged (`pending`) and `checkedAt` set. Weighs 2 units of route protection.
         */
        post: operations["verifyCustomDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/security-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's security history: every audited change, newest first, a page at a time */
        get: operations["listSecurityEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/disable-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable the account (billing subscriptions cancelled at period end) */
        post: operations["disableAccount"];
        /** Re-enable a disabled account */
        delete: operations["enableAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/ban-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ban the account (billing subscriptions cancelled at period end) */
        post: operations["banAccount"];
        /** Lift the ban on the account */
        delete: operations["unbanAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/delete-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the account for good (billing subscriptions revoked) */
        post: operations["deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect (307) to the billing provider's customer portal */
        get: operations["openBillingPortal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/registration-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Options for navigator.credentials.create, to register a passkey
         * @description No body. The challenge is bound to the caller, answerable once, for 5 minutes; only the latest one counts.
         */
        post: operations["getPasskeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's passkeys, oldest first */
        get: operations["listPasskeys"];
        put?: never;
        /**
         * Register a passkey
         * @description Adding a passkey is a change of the second factor. With TWO_FACTOR_REQUIRE_PASSWORD=true the `password` comes first (missing: 400 `PASSWORD_REQUIRED`; wrong: 401 `INVALID_PASSWORD`). When TOTP is on or a passkey is registered, the body must also carry a TOTP or backup code (`verificationCode`) or an assertion of one of the caller’s passkeys (`passkey`): missing, 401 `TWO_FACTOR_CODE_REQUIRED`; wrong, 400 `INVALID_VERIFICATION_CODE`, counted as a failure. Then the response is verified against the latest registration challenge of the caller (used once, whatever the outcome), the allowed origins, the RP ID, user presence and user verification, and that its public key is one the service can verify with. At most 20 passkeys an account (400 `TOO_MANY_PASSKEYS`). Audited as PASSKEY_ADD.
         */
        post: operations["registerPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/authentication-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Options for navigator.credentials.get, to re-authenticate with a passkey
         * @description No body. The assertion made with them goes as `passkey` in the body of any re-authentication (disable, enable, ban, unban, delete, 2FA disable, backup-code regeneration, passkey removal). The challenge is bound to the caller, answerable once, for 5 minutes; only the latest one counts. A disabled or banned account gets them too (to re-enable, unban or delete itself).
         */
        post: operations["getPasskeyAuthenticationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one of the caller’s passkeys (re-authenticates as the account operations do)
         * @description Audited as PASSKEY_REMOVE.
         */
        delete: operations["removePasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything the service keeps about the caller's account, as a JSON download: account, entitlements, passkeys, sessions, the domain verification, the failure limit's counts, the queued deliveries and every security event (newest first)
         * @description Answered with `Content-Disposition: attachment; filename="account-export.json"`; never a hash, secret, backup code, challenge, public key, signature or access token.
         */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's live sessions, most recently seen first, a page at a time; `current` marks the caller's */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sessions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out the caller's own session (its tokens are refused from now on) */
        delete: operations["revokeCurrentSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one session of the account, after re-authenticating as disable-account does */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sessions/revoke-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every other session: tokens issued up to this second are refused, but the caller's session's */
        post: operations["revokeOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every session, the caller's included: tokens issued up to this second are refused */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account with an email (exact, ignoring case): zero or one entries
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked.
         */
        get: operations["findAccountsByEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One account by id
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked.
         */
        get: operations["showAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/security-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's security history, newest first, paged as the owner's own
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked.
         */
        get: operations["listAccountSecurityEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's live sessions, most recently seen first, paged as the owner's own
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked.
         */
        get: operations["listSessionsAsOperator"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign an account out everywhere: its tokens issued up to this second are refused
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. Audited with the operator's `sub` as `actorId` and the `reason`.
         */
        post: operations["signOutEverywhereAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Everything the service keeps about an account, as its owner's own export (a data-subject request)
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. The document and headers of `GET /api/user/export`. Audited on the account as USER_EXPORT with the operator's `sub` as `actorId` and the `reason`, which the owner sees in their security events; no webhook.
         */
        post: operations["exportAccountAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an account (billing subscriptions cancelled at period end)
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. Audited with the operator's `sub` as `actorId` and the `reason`.
         */
        post: operations["disableAccountAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-enable a disabled account
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. Audited with the operator's `sub` as `actorId` and the `reason`.
         */
        post: operations["enableAccountAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban an account (billing subscriptions cancelled at period end)
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. Audited with the operator's `sub` as `actorId` and the `reason`.
         */
        post: operations["banAccountAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/unban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift the ban on an account
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. Audited with the operator's `sub` as `actorId` and the `reason`.
         */
        post: operations["unbanAccountAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/reset-two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take every second factor off an account: TOTP, its secret, backup codes and passkeys
         * @description Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked. Audited with the operator's `sub` as `actorId` and the `reason`.
         */
        post: operations["resetTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The body of every error answer */
        ErrorBody: {
            /** @description The HTTP status */
            statusCode: number;
            /** @description HTTP status text */
            error: string;
            /** @description Stable UPPER_SNAKE identifier of the kind of error; each operation lists its codes */
            code: string;
            /** @description Human-readable; the specification fixes it where it names one */
            message: string;
        };
        /** @description A state change that succeeded */
        SuccessMessage: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        /** @description A live session of the account (by `sid`, else `jti`, else the token itself) */
        Session: {
            /** @description This service's id of the session (never the token's `sid`) */
            id: string;
            /**
             * Format: date-time
             * @description First seen
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Last use; moved only by a use at least 60 s after the previous one
             */
            lastSeenAt: string;
            /**
             * Format: date-time
             * @description The latest `exp` of its tokens seen
             */
            expiresAt: string;
            /** @description The client address of the use that last moved lastSeenAt */
            address: string | null;
            /** @description The first 256 characters of that use’s User-Agent header; null without one */
            userAgent: string | null;
            /** @description The caller's own session */
            current: boolean;
        };
        /** @description A page of the account's live sessions: not revoked, not expired */
        Sessions: {
            /** @description Most recently seen first (as of the first page); `current` wherever it falls */
            sessions: components["schemas"]["Session"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
        };
        /** @description A live session of the account, as an operator sees it */
        SessionSummary: {
            /** @description This service's id of the session (never the token's `sid`) */
            id: string;
            /**
             * Format: date-time
             * @description First seen
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Last use; moved only by a use at least 60 s after the previous one
             */
            lastSeenAt: string;
            /**
             * Format: date-time
             * @description The latest `exp` of its tokens seen
             */
            expiresAt: string;
            /** @description The client address of the use that last moved lastSeenAt */
            address: string | null;
            /** @description The first 256 characters of that use’s User-Agent header; null without one */
            userAgent: string | null;
        };
        /** @description A page of an account's live sessions */
        AccountSessions: {
            /** @description Most recently seen first (as of the first page) */
            sessions: components["schemas"]["SessionSummary"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
        };
        /** @description A session record kept for the account: live, revoked or expired */
        ExportedSession: {
            /** @description This service's id of the session (never the token's `sid`) */
            id: string;
            /**
             * Format: date-time
             * @description First seen
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Last use; moved only by a use at least 60 s after the previous one
             */
            lastSeenAt: string;
            /**
             * Format: date-time
             * @description The latest `exp` of its tokens seen
             */
            expiresAt: string;
            /** @description The client address of the use that last moved lastSeenAt */
            address: string | null;
            /** @description The first 256 characters of that use’s User-Agent header; null without one */
            userAgent: string | null;
            /** @description When it was revoked; null when it was not */
            revokedAt: string | null;
        };
        /** @description Sessions revoked */
        SessionsRevoked: {
            /** @enum {boolean} */
            success: true;
            /** @description How many live sessions were revoked */
            revoked: number;
        };
        OperatorReason: {
            /** @description Why the operator acts; kept in the audit record with the operator token’s `sub` */
            reason: string;
        };
        /** @description One entitlement of the account */
        AccountEntitlement: {
            service: string;
            tier: string;
            billingCustomerId: string | null;
            billingSubscriptionId: string | null;
            customDomain: string | null;
            customDomainVerified: boolean;
        };
        /** @description An account as an operator sees it: never a hash or secret */
        Account: {
            id: string;
            email: string;
            displayName: string;
            disabled: boolean;
            banned: boolean;
            twoFactorEnabled: boolean;
            /** @description How many passkeys the account has */
            passkeys: number;
            /** Format: date-time */
            createdAt: string;
            entitlements: components["schemas"]["AccountEntitlement"][];
        };
        /** @description The accounts whose email matches */
        AccountsByEmail: {
            /** @description The account with that email, or none */
            users: components["schemas"]["Account"][];
        };
        /** @description Everything the service keeps about the account, as its owner may see it: never a hash, secret, backup code, challenge, public key, signature or access token */
        AccountExport: {
            /** Format: date-time */
            exportedAt: string;
            account: {
                id: string;
                email: string;
                displayName: string;
                twoFactorEnabled: boolean;
                disabled: boolean;
                banned: boolean;
                /** Format: date-time */
                createdAt: string;
            };
            entitlements: components["schemas"]["AccountEntitlement"][];
            passkeys: {
                id: string;
                name: string | null;
                /** Format: date-time */
                createdAt: string;
                lastUsedAt: string | null;
            }[];
            /** @description The custom domain's verification record and check, or null */
            domainVerification: {
                domain: string;
                status: "pending" | "verified" | "failed";
                recordName: string;
                recordValue: string;
                checkedAt: string | null;
                verifiedAt: string | null;
            } | null;
            /** @description The failure limit's counts kept for the account */
            signInFailures: {
                /** @description The client address the failures came from; null for the account-wide count */
                client: string | null;
                failures: number;
                lockedUntil: string | null;
            }[];
            /** @description The webhook, billing and SSF entries queued for the account, oldest first */
            deliveries: {
                kind: "webhook" | "billing.cancel" | "ssf";
                status: "pending" | "done" | "failed";
                /** Format: date-time */
                createdAt: string;
                /** @description A webhook: its event `type` and `data`; a billing cancellation: its `subscriptionId`; an SSF SET: its `stream` and `event` type (never the signed SET) */
                data: {
                    [key: string]: unknown;
                };
            }[];
            /** @description Most recently seen first */
            sessions: components["schemas"]["ExportedSession"][];
            /** @description Every audited change of the account, newest first */
            securityEvents: {
                id: string;
                event: string;
                details: {
                    [key: string]: string | number | boolean | null;
                };
                /** Format: date-time */
                createdAt: string;
            }[];
        };
        /** @description The options for navigator.credentials.create (WebAuthn Level 3 JSON) */
        PublicKeyCredentialCreationOptionsJSON: {
            rp: {
                /** @description WEBAUTHN_RP_ID */
                id?: string;
                name: string;
            };
            user: {
                /** @description The account's WebAuthn user handle (base64url) */
                id: string;
                /** @description The account's email */
                name: string;
                displayName: string;
            };
            /** @description 32 random bytes, answerable for 5 minutes, once (base64url) */
            challenge: string;
            pubKeyCredParams: {
                /** @description -7 (ES256) or -257 (RS256) */
                alg: number;
                type: string;
            }[];
            timeout?: number;
            /** @description The caller's passkeys */
            excludeCredentials?: {
                /** @description The credential id (base64url) */
                id: string;
                /** @description `public-key` */
                type: string;
                /** @description usb, nfc, ble, smart-card, hybrid, internal or cable */
                transports?: string[];
            }[];
            authenticatorSelection?: {
                authenticatorAttachment?: string;
                requireResidentKey?: boolean;
                residentKey?: string;
                /** @description `required` */
                userVerification?: string;
            };
            hints?: string[];
            /** @description `none` */
            attestation?: string;
            extensions?: {
                credProps?: boolean;
            };
        };
        /** @description The options for navigator.credentials.get (WebAuthn Level 3 JSON) */
        PublicKeyCredentialRequestOptionsJSON: {
            /** @description 32 random bytes, answerable for 5 minutes, once (base64url) */
            challenge: string;
            timeout?: number;
            /** @description WEBAUTHN_RP_ID */
            rpId?: string;
            /** @description The caller's passkeys */
            allowCredentials?: {
                /** @description The credential id (base64url) */
                id: string;
                /** @description `public-key` */
                type: string;
                /** @description usb, nfc, ble, smart-card, hybrid, internal or cable */
                transports?: string[];
            }[];
            /** @description `required` */
            userVerification?: string;
            hints?: string[];
        };
        /** @description What navigator.credentials.create gave, as PublicKeyCredential.toJSON() writes it */
        RegistrationResponseJSON: {
            /** @description The credential id (base64url) */
            id: string;
            /** @description The credential id (base64url) */
            rawId: string;
            /** @description `public-key` */
            type: string;
            response: {
                /** @description Client data (base64url) */
                clientDataJSON: string;
                /** @description Attestation object (base64url) */
                attestationObject: string;
                /** @description Authenticator data (base64url) */
                authenticatorData?: string;
                /** @description usb, nfc, ble, smart-card, hybrid, internal or cable */
                transports?: string[];
                publicKeyAlgorithm?: number;
                /** @description SubjectPublicKeyInfo (base64url) */
                publicKey?: string;
            };
            authenticatorAttachment?: string;
            /** @description What the browser reports of the extensions (not used by the service) */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
        };
        /** @description A passkey assertion from navigator.credentials.get, made with the options of POST /api/auth/passkeys/authentication-options */
        AuthenticationResponseJSON: {
            /** @description The credential id (base64url) */
            id: string;
            /** @description The credential id (base64url) */
            rawId: string;
            /** @description `public-key` */
            type: string;
            response: {
                /** @description Client data (base64url) */
                clientDataJSON: string;
                /** @description Authenticator data (base64url) */
                authenticatorData: string;
                /** @description Signature (base64url) */
                signature: string;
                /** @description User handle (base64url) */
                userHandle?: string;
            };
            authenticatorAttachment?: string;
            /** @description What the browser reports of the extensions (not used by the service) */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
        };
        /** @description A new passkey, made with the options of POST /api/auth/passkeys/registration-options. Adding a passkey changes the second factor: when TOTP is on or a passkey is registered, the body also proves it (`verificationCode` or `passkey`). */
        RegisterPasskeyRequest: {
            response: components["schemas"]["RegistrationResponseJSON"];
            /** @description Default `Passkey` */
            name?: string;
            /** @description The current account password; needed when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored) */
            password?: string;
            /** @description A TOTP code or a backup code, when TOTP is on */
            verificationCode?: string;
            passkey?: components["schemas"]["AuthenticationResponseJSON"];
        };
        /** @description A registered passkey */
        Passkey: {
            /** @description This service's id of the passkey (not the credential id) */
            id: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** @description The last re-authentication with it; null before the first */
            lastUsedAt: string | null;
        };
        /** @description The caller's passkeys */
        PasskeyList: {
            /** @description Oldest first */
            passkeys: components["schemas"]["Passkey"][];
        };
        /** @description Re-authentication: the password, and a 2FA code when 2FA is on */
        ReauthenticationRequest: {
            /** @description The current account password */
            password: string;
            /** @description TOTP code (or a backup code) when 2FA is enabled */
            verificationCode?: string;
            passkey?: components["schemas"]["AuthenticationResponseJSON"];
        };
        /** @description One audited change of the account */
        SecurityEvent: {
            /** @description The audit record's id */
            id: string;
            /** @description USER_UPDATE, USER_DISABLE, USER_BAN, TWO_FACTOR_ENABLE, TWO_FACTOR_DISABLE, TWO_FACTOR_BACKUP_CODES_REGENERATE, PASSKEY_ADD, PASSKEY_REMOVE (details `passkeyId`, `name`), PASSKEY_COUNTER_REGRESSION (details `passkeyId`), SESSION_REVOKE (details `sessionId`, `initiator` `user` or `idp`), SESSIONS_REVOKE (details `scope` `others` or `all`, `count`, `initiator` `user`, `operator` or `idp`; with `actorId` and `reason` when an operator signed the account out) or USER_EXPORT (details `actorId`, `reason`: an operator exported the account's data) */
            event: string;
            /** @description What changed, e.g. `{"field":"customDomain","value":"files.example.com"}` */
            details: {
                [key: string]: string | number | boolean | null;
            };
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A page of the caller's security history */
        SecurityEventsPage: {
            /** @description Newest first */
            events: components["schemas"]["SecurityEvent"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
        };
        /** @description The domain to connect */
        ConnectCustomDomainRequest: {
            /** @description Dot-separated labels of 2 to 63 letters, digits and hyphens; surrounding whitespace is trimmed */
            domain: string;
        };
        /** @description The custom domain of the caller's DROP entitlement */
        CustomDomain: {
            /** @description null when none is set */
            customDomain: string | null;
            customDomainVerified: boolean;
            hasCustomDomain: boolean;
        };
        /** @description The domain is connected, not yet verified */
        CustomDomainConnected: {
            /** @enum {boolean} */
            success: true;
            /** @description The trimmed domain as stored */
            domain: string;
            message: string;
        };
        /** @description The DNS record that proves control of the custom domain, and where its check stands */
        DomainVerification: {
            /** @description The connected domain, as stored */
            domain: string;
            /** @description `pending` until the record is found; `failed` once DOMAIN_VERIFICATION_TTL_MS (7 days) has passed since connecting without it (POST verify can still verify it) */
            status: "pending" | "verified" | "failed";
            /** @enum {string} */
            recordType: "TXT";
            /** @description `_accounts-challenge.<domain>` */
            recordName: string;
            /** @description `accounts-verification=<token>`; the token stays while the domain stays connected */
            recordValue: string;
            /** @description Time of the last lookup (ISO-8601), or null */
            checkedAt: string | null;
            /** @description When the record was found (ISO-8601), or null */
            verifiedAt: string | null;
        };
        /** @description Setup: `enable: true` alone. Confirm: `enable: true` with `secret` and `verificationCode`. Disable: `enable: false` with `verificationCode`. */
        TwoFactorRequest: {
            /** @description true to set up or confirm, false to disable */
            enable: boolean;
            /** @description The secret returned by setup; confirm only */
            secret?: string;
            /** @description 6-digit TOTP code (or, to disable, a backup code); confirm and disable */
            verificationCode?: string;
            /** @description The current account password; confirm and disable need it when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored) */
            password?: string;
            passkey?: components["schemas"]["AuthenticationResponseJSON"];
        };
        /** @description Setup: a new secret, not stored until a confirm proves it works */
        TwoFactorSetup: {
            /** @description A PNG QR code of the OTPAuth URL, as a data: URI */
            qrCode: string;
            /** @description Base32 secret (32 characters), to confirm with */
            secret: string;
            /** @description Equal to secret, for typing into an app */
            manualEntryKey: string;
            /** @description `Scan the QR code with your authenticator app` */
            message: string;
            /** @description Never returned by setup (nothing is stored yet); listed because the specification's description lists it. The confirm answer carries the backup codes. */
            backupCodes?: string[];
        };
        /** @description Confirm: 2FA is on */
        TwoFactorEnabled: {
            /** @description `2FA enabled successfully` */
            message: string;
            /** @enum {boolean} */
            twoFactorEnabled: true;
            /** @description 10 single-use backup codes, shown once; each replaces a TOTP code once */
            backupCodes: string[];
        };
        /** @description Disable: 2FA is off */
        TwoFactorDisabled: {
            /** @description `2FA disabled successfully` */
            message: string;
            /** @enum {boolean} */
            twoFactorEnabled: false;
        };
        /** @description The answer to setup, confirm or disable, whichever the request asked for */
        TwoFactorResponse: components["schemas"]["TwoFactorSetup"] | components["schemas"]["TwoFactorEnabled"] | components["schemas"]["TwoFactorDisabled"];
        /** @description Whether 2FA is on, and how many backup codes are left */
        TwoFactorStatus: {
            twoFactorEnabled: boolean;
            /** @description Unused backup codes; 0 when 2FA is off */
            backupCodesRemaining: number;
            /** @description Registered passkeys */
            passkeys: number;
        };
        /** @description The current TOTP code that allows replacing the backup codes */
        RegenerateBackupCodesRequest: {
            /** @description A current 6-digit TOTP code (a backup code is refused) */
            verificationCode?: string;
            /** @description The current account password; needed when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored) */
            password?: string;
            passkey?: components["schemas"]["AuthenticationResponseJSON"];
        };
        /** @description The new backup codes */
        BackupCodes: {
            /** @description 10 new single-use backup codes, shown once; every earlier code stops working */
            backupCodes: string[];
        };
        /** @description The process runs */
        Healthy: {
            /** @enum {string} */
            status: "ok";
        };
        /** @description The database answers */
        Ready: {
            /** @enum {string} */
            status: "ready";
        };
        /** @description application/x-www-form-urlencoded */
        LogoutRequest: {
            /** @description The provider's signed logout token */
            logout_token: string;
        };
        /** @description The logout token failed a check; nothing changed */
        LogoutRefused: {
            /** @enum {string} */
            error: "invalid_request";
            /** @description Which check the logout token failed */
            error_description: string;
            /** @enum {string} */
            code: "INVALID_LOGOUT_TOKEN";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type ErrorBody = components['schemas']['ErrorBody'];
export type SuccessMessage = components['schemas']['SuccessMessage'];
export type Session = components['schemas']['Session'];
export type Sessions = components['schemas']['Sessions'];
export type SessionSummary = components['schemas']['SessionSummary'];
export type AccountSessions = components['schemas']['AccountSessions'];
export type ExportedSession = components['schemas']['ExportedSession'];
export type SessionsRevoked = components['schemas']['SessionsRevoked'];
export type OperatorReason = components['schemas']['OperatorReason'];
export type AccountEntitlement = components['schemas']['AccountEntitlement'];
export type Account = components['schemas']['Account'];
export type AccountsByEmail = components['schemas']['AccountsByEmail'];
export type AccountExport = components['schemas']['AccountExport'];
export type PublicKeyCredentialCreationOptionsJson = components['schemas']['PublicKeyCredentialCreationOptionsJSON'];
export type PublicKeyCredentialRequestOptionsJson = components['schemas']['PublicKeyCredentialRequestOptionsJSON'];
export type RegistrationResponseJson = components['schemas']['RegistrationResponseJSON'];
export type AuthenticationResponseJson = components['schemas']['AuthenticationResponseJSON'];
export type RegisterPasskeyRequest = components['schemas']['RegisterPasskeyRequest'];
export type Passkey = components['schemas']['Passkey'];
export type PasskeyList = components['schemas']['PasskeyList'];
export type ReauthenticationRequest = components['schemas']['ReauthenticationRequest'];
export type SecurityEvent = components['schemas']['SecurityEvent'];
export type SecurityEventsPage = components['schemas']['SecurityEventsPage'];
export type ConnectCustomDomainRequest = components['schemas']['ConnectCustomDomainRequest'];
export type CustomDomain = components['schemas']['CustomDomain'];
export type CustomDomainConnected = components['schemas']['CustomDomainConnected'];
export type DomainVerification = components['schemas']['DomainVerification'];
export type TwoFactorRequest = components['schemas']['TwoFactorRequest'];
export type TwoFactorSetup = components['schemas']['TwoFactorSetup'];
export type TwoFactorEnabled = components['schemas']['TwoFactorEnabled'];
export type TwoFactorDisabled = components['schemas']['TwoFactorDisabled'];
export type TwoFactorResponse = components['schemas']['TwoFactorResponse'];
export type TwoFactorStatus = components['schemas']['TwoFactorStatus'];
export type RegenerateBackupCodesRequest = components['schemas']['RegenerateBackupCodesRequest'];
export type BackupCodes = components['schemas']['BackupCodes'];
export type Healthy = components['schemas']['Healthy'];
export type Ready = components['schemas']['Ready'];
export type LogoutRequest = components['schemas']['LogoutRequest'];
export type LogoutRefused = components['schemas']['LogoutRefused'];
export type $defs = Record<string, never>;
export interface operations {
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process runs */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Healthy"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ready"];
                };
            };
            /** @description Not ready: the database did not answer in time */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "NOT_READY";
                    };
                };
            };
        };
    };
    handleProviderLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["LogoutRequest"];
            };
        };
        responses: {
            /** @description Sessions revoked */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsRevoked"];
                };
            };
            /** @description The logout token failed a check; nothing changed */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogoutRefused"];
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description The body is not application/x-www-form-urlencoded */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet, or the used logout tokens cannot be read; retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getTwoFactorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether 2FA is on, and how many backup codes are left */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorStatus"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    manageTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TwoFactorRequest"];
            };
        };
        responses: {
            /** @description The answer to setup, confirm or disable, whichever the request asked for */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorResponse"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "PASSWORD_REQUIRED" | "TWO_FACTOR_ALREADY_ENABLED" | "INVALID_SECRET" | "INVALID_VERIFICATION_CODE" | "VERIFICATION_CODE_REQUIRED" | "TWO_FACTOR_NOT_ENABLED" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    regenerateBackupCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegenerateBackupCodesRequest"];
            };
        };
        responses: {
            /** @description The new backup codes */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupCodes"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "PASSWORD_REQUIRED" | "TWO_FACTOR_NOT_ENABLED" | "VERIFICATION_CODE_MISSING" | "INVALID_VERIFICATION_CODE" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getCustomDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The custom domain of the caller's DROP entitlement */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomDomain"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    connectCustomDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectCustomDomainRequest"];
            };
        };
        responses: {
            /** @description The domain is connected, not yet verified */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomDomainConnected"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "INVALID_DOMAIN_FORMAT" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "ENTERPRISE_PLAN_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 409;
                        /** @enum {string} */
                        code: "DOMAIN_IN_USE";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    disconnectCustomDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getDomainVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The DNS record that proves control of the custom domain, and where its check stands */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainVerification"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND" | "CUSTOM_DOMAIN_NOT_SET";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    verifyCustomDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The DNS record that proves control of the custom domain, and where its check stands */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainVerification"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "ENTERPRISE_PLAN_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND" | "CUSTOM_DOMAIN_NOT_SET";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listSecurityEvents: {
        parameters: {
            query?: {
                /**
                 * @description Page size, a whole number from 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
                /** @description `nextCursor` of the previous page, as given; opaque and only valid for its caller */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the caller's security history */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityEventsPage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_CURSOR";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    disableAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    enableAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "ACCOUNT_NOT_DISABLED" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    banAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    unbanAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "ACCOUNT_NOT_BANNED" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    openBillingPortal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Temporary redirect to the portal */
            307: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description The customer portal: {BILLING_PORTAL_URL}/portal/{customerId} (in sandbox mode the host has the prefix `sandbox-`) */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "BILLING_CUSTOMER_MISSING" | "BILLING_CUSTOMER_NOT_FOUND";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "BILLING_CHECK_FAILED";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPasskeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options for navigator.credentials.create (WebAuthn Level 3 JSON) */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicKeyCredentialCreationOptionsJSON"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's passkeys */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyList"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    registerPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterPasskeyRequest"];
            };
        };
        responses: {
            /** @description A registered passkey */
            201: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "PASSWORD_REQUIRED" | "INVALID_VERIFICATION_CODE" | "INVALID_PASSKEY_RESPONSE" | "TOO_MANY_PASSKEYS" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 409;
                        /** @enum {string} */
                        code: "PASSKEY_ALREADY_REGISTERED";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPasskeyAuthenticationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options for navigator.credentials.get (WebAuthn Level 3 JSON) */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicKeyCredentialRequestOptionsJSON"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "NO_PASSKEY_REGISTERED";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description This service's id of the passkey */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND" | "PASSKEY_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything the service keeps about the account, as its owner may see it: never a hash, secret, backup code, challenge, public key, signature or access token */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /**
                 * @description Page size, a whole number from 1 to 100 (default 50)
                 * @example 50
                 */
                limit?: number;
                /** @description `nextCursor` of the previous page, as given; opaque and only valid for its account. It keeps the order of the first page: a session seen since stays where it was */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's live sessions: not revoked, not expired */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sessions"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_CURSOR";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    revokeCurrentSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND" | "SESSION_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description This service's id of the session, as the list gives it */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND" | "SESSION_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    revokeOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReauthenticationRequest"];
            };
        };
        responses: {
            /** @description Sessions revoked */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsRevoked"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED" | "TOO_MANY_ATTEMPTS";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR" | "TWO_FACTOR_SECRET_MISSING";
                    };
                };
            };
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After; or: The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "SERVICE_BUSY" | "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sessions revoked */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsRevoked"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF" | "SESSION_REVOKED" | "INSUFFICIENT_USER_AUTHENTICATION" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    findAccountsByEmail: {
        parameters: {
            query: {
                /** @description Matched exactly, ignoring case */
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accounts whose email matches */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountsByEmail"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    showAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An account as an operator sees it: never a hash or secret */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listAccountSecurityEvents: {
        parameters: {
            query?: {
                /**
                 * @description Page size, a whole number from 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
                /** @description `nextCursor` of the previous page, as given; opaque and only valid for its caller */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the caller's security history */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityEventsPage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_CURSOR";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listSessionsAsOperator: {
        parameters: {
            query?: {
                /**
                 * @description Page size, a whole number from 1 to 100 (default 50)
                 * @example 50
                 */
                limit?: number;
                /** @description `nextCursor` of the previous page, as given; opaque and only valid for its account. It keeps the order of the first page: a session seen since stays where it was */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of an account's live sessions */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSessions"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "VALIDATION_ERROR" | "INVALID_CURSOR";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    signOutEverywhereAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description Sessions revoked */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsRevoked"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    exportAccountAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description Everything the service keeps about the account, as its owner may see it: never a hash, secret, backup code, challenge, public key, signature or access token */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    disableAccountAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 409;
                        /** @enum {string} */
                        code: "ACCOUNT_ALREADY_DISABLED";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    enableAccountAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "ACCOUNT_NOT_DISABLED" | "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    banAccountAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 409;
                        /** @enum {string} */
                        code: "ACCOUNT_ALREADY_BANNED";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    unbanAccountAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "ACCOUNT_NOT_BANNED" | "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
    resetTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id (the `sub` of its own tokens) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperatorReason"];
            };
        };
        responses: {
            /** @description A state change that succeeded */
            200: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessMessage"];
                };
            };
            /** @description Bad request: validation failed or the operation refused the input */
            400: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 400;
                        /** @enum {string} */
                        code: "INVALID_REASON" | "VALIDATION_ERROR" | "INVALID_JSON";
                    };
                };
            };
            /** @description Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication */
            401: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 401;
                        /** @enum {string} */
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_DPOP_PROOF";
                    };
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 403;
                        /** @enum {string} */
                        code: "OPERATOR_SCOPE_REQUIRED";
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 404;
                        /** @enum {string} */
                        code: "USER_NOT_FOUND";
                    };
                };
            };
            /** @description Body larger than 16 KiB */
            413: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 413;
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 415;
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 429;
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                    };
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 500;
                        /** @enum {string} */
                        code: "INTERNAL_ERROR";
                    };
                };
            };
            /** @description The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After */
            503: {
                headers: {
                    /** @description The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID */
                    "X-Request-Id"?: string;
                    /** @description Units of the client's route-protection budget per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Units left in the current window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "X-RateLimit-Reset"?: number;
                    /** @description Whole seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] & {
                        /** @enum {integer} */
                        statusCode: 503;
                        /** @enum {string} */
                        code: "KEYS_UNAVAILABLE";
                    };
                };
            };
        };
    };
}
