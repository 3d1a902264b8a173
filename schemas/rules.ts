// The 400 stage: each endpoint's rules are a plain ordered function, one line per row of its error
// table of the hosted API. They throw RuleViolation with the spec's message; the server renders it as 400.
import type { ImageFormat, ProbeInfo } from '../workers/types.ts';
import type { Upload } from './fields.ts';
import { M } from './messages.ts';

export class RuleViolation extends Error {}

export function fail(message: string): never {
  throw new RuleViolation(message);
}

/** Checks one upload from its content (in the worker pool); throws RuleViolation(Invalid image file). */
export type Probe = (file: Upload, accept: readonly ImageFormat[]) => Promise<ProbeInfo>;

export const PNG_JPEG: readonly ImageFormat[] = ['png', 'jpeg'];
/** Fields whose formats the hosted API does not name (docs/contract.md §2). */
export const STILLS: readonly ImageFormat[] = ['png', 'jpeg', 'webp'];

/** Probes every file at once, then reports the first invalid one in field order. */
export async function probeAll(files: readonly Upload[], accept: readonly ImageFormat[], probe: Probe): Promise<ProbeInfo[]> {
  const settled = await Promise.allSettled(files.map((f) => probe(f, accept)));
  return settled.map((s) => {
    if (s.status === 'fulfilled') return s.value;
    throw s.reason;
  });
}

export const oneOf = (value: number | undefined, allowed: readonly number[], message: string) => {
  if (value === undefined || !allowed.includes(value)) fail(message);
};

/** The rules of an endpoint whose one file is `image` (the image-tune kinds, reskin): it must be a picture. */
export async function imageRules(input: { image: Upload }, probe: Probe): Promise<{ image: ProbeInfo }> {
  return { image: await probe(input.image, STILLS) };
}

/** Probes an optional single file. */
export const probeOptional = async (file: Upload | undefined, accept: readonly ImageFormat[], probe: Probe) =>
  file ? probe(file, accept) : undefined;

export { M };
