import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

// The sign-in variables of issue 12 A2 and A5, as config.ts reads and checks them.
const external = {
  OIDC_ISSUER: 'https://login.example.test/realms/rail',
  OIDC_CLIENT_ID: 'portfolio',
  OIDC_AUDIENCE: 'https://portfolio.example.test/api',
};

describe('OIDC_ROLE_MAP', () => {
  it('reads group=role pairs', () => {
    const config = loadConfig({
      ...external,
      OIDC_ROLES_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'DP-Admins=admin,DP-Engineers=intern,DP-Partners=extern',
    });
    expect(config.oidc.rolesClaim).toBe('groups');
    expect([...config.oidc.roleMap!]).toEqual([
      ['DP-Admins', 'admin'],
      ['DP-Engineers', 'intern'],
      ['DP-Partners', 'extern'],
    ]);
  });

  it('is absent by default', () => {
    expect(loadConfig(external).oidc.roleMap).toBeUndefined();
  });

  it.each([
    ['DP-Admins=root', 'OIDC_ROLE_MAP: must be comma-separated group=role pairs'],
    ['DP-Admins', '"DP-Admins" is not group=role'],
    ['A=admin,A=intern', '"A" is mapped twice'],
  ])('refuses %j with a clear error', (value, message) => {
    expect(() => loadConfig({ ...external, OIDC_ROLE_MAP: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...external, OIDC_ROLE_MAP: value })).toThrow(message);
  });

  it('is refused with the embedded provider, whose demo users carry the role words', () => {
    expect(() => loadConfig({ OIDC_ROLE_MAP: 'DP-Admins=admin' })).toThrow('OIDC_ROLE_MAP: maps an external provider');
  });
});

describe('OIDC_AUDIENCE_PARAM', () => {
  it('asks for the audience as an RFC 8707 resource by default', () => {
    expect(loadConfig(external).oidc.audienceParam).toBe('resource');
  });

  it.each(['resource', 'audience', 'both', 'none'])('takes %s', (value) => {
    expect(loadConfig({ ...external, OIDC_AUDIENCE_PARAM: value }).oidc.audienceParam).toBe(value);
  });

  it('refuses anything else', () => {
    expect(() => loadConfig({ ...external, OIDC_AUDIENCE_PARAM: 'aud' })).toThrow(/OIDC_AUDIENCE_PARAM/);
  });
});
