import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { configRefusal } from './config-refusal.js';

describe('WEBAUTHN_* configuration', () => {
  it('defaults to localhost, APP_NAME and http://localhost:<PORT>', () => {
    expect(loadConfig({}).webauthn).toEqual({
      rpId: 'localhost',
      rpName: 'Account Service',
      origins: ['http://localhost:3000'],
    });
    expect(loadConfig({ PORT: '8080', APP_NAME: 'Drop' }).webauthn).toEqual({
      rpId: 'localhost',
      rpName: 'Drop',
      origins: ['http://localhost:8080'],
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        WEBAUTHN_RP_ID: 'example.com',
        WEBAUTHN_RP_NAME: 'Example',
        WEBAUTHN_ORIGINS: 'https://example.com, https://app.example.com',
      }).webauthn,
    ).toEqual({
      rpId: 'example.com',
      rpName: 'Example',
      origins: ['https://example.com', 'https://app.example.com'],
    });
  });

  it('stops a start with an RP ID other than localhost and no origins, naming WEBAUTHN_ORIGINS', () => {
    const refusal = configRefusal({ WEBAUTHN_RP_ID: 'example.com' });
    expect(refusal.variable).toBe('WEBAUTHN_ORIGINS');
    expect(refusal.message).toMatch(/^WEBAUTHN_ORIGINS is required/);
  });

  it('refuses an origin that is not one', () => {
    expect(configRefusal({ WEBAUTHN_ORIGINS: 'https://example.com/path' }).variable).toBe('WEBAUTHN_ORIGINS');
  });
});
