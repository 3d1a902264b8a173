// Browser-safe entry: the client, its errors and the wire types. Node's download() is in download.ts.
export { SpritekilnClient, toFormData, type ClientOptions, type WaitOptions } from './client.ts';
export { describe, JobFailedError, SpritekilnError } from './errors.ts';
export * from './types.ts';
