import { randomBytes } from 'node:crypto';

/** An unguessable identifier: `prefix_` + 24 random bytes, base64url. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}
