// API keys: `sk_` + 32 random bytes in base64url. Only the SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newApiKey = () => `sk_${randomBytes(32).toString('base64url')}`;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
