// Each adapter family adds its own export line here.
export * from './crypto/argon2-password-hasher.js';
export * from './crypto/aes-gcm-secret-cipher.js';
export * from './crypto/crypto-random-source.js';
export * from './crypto/hmac-cursor-sealer.js';
export * from './dns/node-dns-resolver.js';
export * from './totp/otplib-totp.js';
export * from './qr/qrcode-renderer.js';
export * from './billing/http-billing-gateway.js';
export * from './webhooks/http-webhook-sender.js';
export * from './clock/system-clock.js';
export * from './redis/redis-weighted-counter.js';
export * from './dev-mode/dev-jwt-secret.js';
export * from './postgres/index.js';
export * from './webauthn/simplewebauthn-passkey-verifier.js';
export * from './accounts/account-ports.js';
export * from './accounts/account-runtime.js';
export * from './accounts/create-accounts.js';
export { PeriodicTask } from './accounts/periodic-task.js';
