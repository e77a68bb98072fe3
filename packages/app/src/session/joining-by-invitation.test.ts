import { describe, expect, it } from 'vitest';
import { isJoiningByInvitation } from './auth-client';

const at = (pathname: string, search = '') => isJoiningByInvitation({ pathname, search });

describe('isJoiningByInvitation', () => {
  it('holds on the invite page and on the way there', () => {
    expect(at('/invite', '?code=abc')).toBe(true);
    const back = `?redirect=${encodeURIComponent('/invite?code=abc')}`;
    expect(at('/login', back)).toBe(true);
    expect(at('/login-success', back)).toBe(true);
    expect(at('/auth/callback', back)).toBe(true);
  });

  it('does not hold elsewhere, or when the way leads somewhere else', () => {
    expect(at('/')).toBe(false);
    expect(at('/login')).toBe(false);
    expect(at('/login', `?redirect=${encodeURIComponent('/customers')}`)).toBe(false);
    expect(at('/customers', `?redirect=${encodeURIComponent('/invite?code=abc')}`)).toBe(false);
    // Not a path of this site: safeReturnPath turns it into /.
    expect(at('/login', `?redirect=${encodeURIComponent('//evil.example/invite?code=abc')}`)).toBe(false);
  });
});
