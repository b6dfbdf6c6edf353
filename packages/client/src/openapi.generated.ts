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
        /** Readiness: 200 when the database answers within 2 s, 503 otherwise */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
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
        /** @description Re-authentication: the password, and a 2FA code when 2FA is on */
        ReauthenticationRequest: {
            /** @description The current account password */
            password: string;
            /** @description TOTP code (or a backup code) when 2FA is enabled */
            verificationCode?: string;
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
        /** @description One audited change of the account */
        SecurityEvent: {
            /** @description The audit record's id */
            id: string;
            /** @description USER_UPDATE, USER_DISABLE, USER_BAN, TWO_FACTOR_ENABLE, TWO_FACTOR_DISABLE or TWO_FACTOR_BACKUP_CODES_REGENERATE */
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
        };
        /** @description The current TOTP code that allows replacing the backup codes */
        RegenerateBackupCodesRequest: {
            /** @description A current 6-digit TOTP code (a backup code is refused) */
            verificationCode?: string;
            /** @description The current account password; needed when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored) */
            password?: string;
        };
        /** @description The new backup codes */
        BackupCodes: {
            /** @description 10 new single-use backup codes, shown once; every earlier code stops working */
            backupCodes: string[];
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
export type ReauthenticationRequest = components['schemas']['ReauthenticationRequest'];
export type ConnectCustomDomainRequest = components['schemas']['ConnectCustomDomainRequest'];
export type CustomDomain = components['schemas']['CustomDomain'];
export type CustomDomainConnected = components['schemas']['CustomDomainConnected'];
export type DomainVerification = components['schemas']['DomainVerification'];
export type Healthy = components['schemas']['Healthy'];
export type Ready = components['schemas']['Ready'];
export type SecurityEvent = components['schemas']['SecurityEvent'];
export type SecurityEventsPage = components['schemas']['SecurityEventsPage'];
export type TwoFactorRequest = components['schemas']['TwoFactorRequest'];
export type TwoFactorSetup = components['schemas']['TwoFactorSetup'];
export type TwoFactorEnabled = components['schemas']['TwoFactorEnabled'];
export type TwoFactorDisabled = components['schemas']['TwoFactorDisabled'];
export type TwoFactorResponse = components['schemas']['TwoFactorResponse'];
export type TwoFactorStatus = components['schemas']['TwoFactorStatus'];
export type RegenerateBackupCodesRequest = components['schemas']['RegenerateBackupCodesRequest'];
export type BackupCodes = components['schemas']['BackupCodes'];
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
                        code: "CUSTOM_DOMAIN_NOT_SET";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
                        code: "CUSTOM_DOMAIN_NOT_SET";
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
        };
    };
    listSecurityEvents: {
        parameters: {
            query?: {
                /**
                 * @description Page size, a whole number from 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: string;
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
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
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After */
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
                        code: "SERVICE_BUSY";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
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
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After */
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
                        code: "SERVICE_BUSY";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
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
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After */
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
                        code: "SERVICE_BUSY";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
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
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After */
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
                        code: "SERVICE_BUSY";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED" | "INVALID_PASSWORD" | "TWO_FACTOR_CODE_REQUIRED" | "INVALID_TWO_FACTOR_CODE";
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
            /** @description Busy: more password checks at once than the service runs or lets wait; retry after Retry-After */
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
                        code: "SERVICE_BUSY";
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
            /** @description Missing, invalid or expired bearer token, account disabled or banned, or failed re-authentication */
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
                        code: "MISSING_TOKEN" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "ACCOUNT_DISABLED" | "ACCOUNT_BANNED";
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
        };
    };
}
