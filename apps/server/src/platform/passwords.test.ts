import { describe, expect, it } from 'vitest';
import { zNewPassword } from '@fleet/contract';
import { DEMO_ACCOUNTS, DEMO_TEAM_PASSWORD } from '../db/seed/demo.ts';
import { DEMO_DRIVER_PASSWORD } from '../db/seed/demo-fleet.ts';
import { assertPasswordNotCommon, commonPasswordTest, hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with a salt of its own and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('lemon-tree-42'), hashPassword('lemon-tree-42')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('lemon-tree-42', a)).toBe(true);
    expect(await verifyPassword('lemon-tree-43', a)).toBe(false);
    expect(await verifyPassword('lemon-tree-42', 'not a hash')).toBe(false);
  });

  it('knows the most common passwords in any letter case', async () => {
    const isCommon = await commonPasswordTest();
    for (const password of ['password', 'PASSWORD1', 'Qwertyuiop', 'iloveyou'])
      expect(isCommon(password)).toBe(true);
    expect(isCommon('lemon-tree-42')).toBe(false);
    await expect(assertPasswordNotCommon('Sunshine1')).rejects.toMatchObject({
      statusCode: 400,
      message: 'This password is too common. Choose another one.',
    });
    await expect(assertPasswordNotCommon('lemon-tree-42')).resolves.toBeUndefined();
  });

  it('demo passwords follow the product rule (README: demo accounts)', async () => {
    const isCommon = await commonPasswordTest();
    for (const password of [
      ...DEMO_ACCOUNTS.map((a) => a.password),
      DEMO_TEAM_PASSWORD,
      DEMO_DRIVER_PASSWORD,
    ]) {
      expect(zNewPassword().safeParse(password).success, password).toBe(true);
      expect(isCommon(password), password).toBe(false);
    }
  });
});
