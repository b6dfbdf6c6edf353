import { expect } from 'vitest';
import { ConfigError } from '../src/config/config-error.js';
import { loadConfig } from '../src/config/load-config.js';

/** What loadConfig throws for `env`, checked to be a ConfigError. */
export function configRefusal(env: Parameters<typeof loadConfig>[0]): ConfigError {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}
