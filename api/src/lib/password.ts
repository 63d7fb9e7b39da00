import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library default) with OWASP's minimum cost: 19 MiB, 2 passes. Memory-hard against GPU guessing.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Burns the same time as a real check, so unknown accounts can't be told apart by timing. */
let dummy: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
  return false;
}
