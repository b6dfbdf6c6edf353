// The argon2 binding the service uses: the one the adapters package depends on.
import { createRequire } from 'node:module';

export const argon2 = createRequire(import.meta.resolve('@accounts/adapters'))('argon2');
