import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt with a per-user salt; the stored text carries its own parameters. */
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, N = 2 ** 15): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, 8, 1);
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const key = await derive(password, Buffer.from(saltText, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password hash that matches nothing, verified when a username is unknown so timing tells nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash(N: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'), N);
  return decoy;
}

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
