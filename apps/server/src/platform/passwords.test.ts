import { describe, expect, it } from 'vitest';
import { MESSAGES, zNewPassword } from '@fleet/contract';
import { DEMO_ACCOUNTS, DEMO_TEAM_PASSWORD } from '../db/seed/demo.ts';
import { DEMO_DRIVER_PASSWORD } from '../db/seed/demo-fleet.ts';
import type { AppError } from './errors.ts';
import { assertPasswordStrong, hashPassword, passwordStrengthTest, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with a salt of its own and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('lemon-tree-42'), hashPassword('lemon-tree-42')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('lemon-tree-42', a)).toBe(true);
    expect(await verifyPassword('lemon-tree-43', a)).toBe(false);
    expect(await verifyPassword('lemon-tree-42', 'not a hash')).toBe(false);
  });

  it('refuses weak passwords and ones made of the account, saying why, and keeps strong ones', async () => {
    const account = {
      email: 'omar.haddad@example.com',
      fname: 'Omar',
      lname: 'Haddad',
      tenantName: 'Desert Express',
    };
    const refused = async (password: string) => {
      const error = await assertPasswordStrong(password, account).then(
        () => null,
        (e: unknown) => e,
      );
      return error && { status: (error as AppError).statusCode, message: (error as AppError).message };
    };
    expect(await refused('aaaaaaaa')).toEqual({
      status: 400,
      message: 'This password is too easy to guess. Repeated characters like "aaa" are easy to guess.',
    });
    for (const common of ['Passw0rd!', 'Sunshine1', 'PASSWORD1', 'Qwertyuiop', '12345678'])
      expect(await refused(common), common).toEqual({ status: 400, message: MESSAGES.password.tooCommon });
    for (const own of [
      'omar.haddad@example.com',
      'OmarHaddad2026',
      'Desert Express',
      'desertexpress1',
      'haddad-omar!',
    ])
      expect(await refused(own), own).toEqual({
        status: 400,
        message: MESSAGES.password.tooWeak(MESSAGES.password.fromAccount),
      });
    for (const strong of ['lemon-tree-42', 'quiet-harbour-lamp-7', 'sample-river-stone'])
      expect(await refused(strong), strong).toBeNull();
  });

  it('names the field the reason belongs to', async () => {
    await expect(assertPasswordStrong('aaaaaaaa', {}, 'guardians.1.password')).rejects.toMatchObject({
      fields: [{ path: 'guardians.1.password', message: expect.stringMatching(/too easy to guess/) }],
    });
  });

  it('demo passwords follow the product rule (README: demo accounts)', async () => {
    const weakness = await passwordStrengthTest();
    for (const { email, password, tenant } of [
      ...DEMO_ACCOUNTS,
      { email: 'team@example.com', password: DEMO_TEAM_PASSWORD, tenant: 'Desert Express' },
      { email: 'driver@example.com', password: DEMO_DRIVER_PASSWORD, tenant: 'Desert Express' },
    ]) {
      expect(zNewPassword().safeParse(password).success, password).toBe(true);
      expect(weakness(password, { email, tenantName: tenant }), password).toBeNull();
    }
  });
});
