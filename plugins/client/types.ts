// The wire types of the spritekiln API (as /openapi.json describes it), for the client and its callers.
import { KINDS, type JobFields } from './kinds.ts';

export { KINDS, type JobFields, type KindMethods } from './kinds.ts';

export type JobStatus = 'Pending' | 'Succeed' | 'Failed';

export interface Job {
  job_id: string;
  status: JobStatus;
  image_urls: string[];
  /** 0..1 while Pending. */
  progress?: number;
  /** Why, when Failed. */
  error?: string;
  /** The same text as `error` (the hosted service's name for it). */
  error_message?: string;
  /** sheet.json, for sheet jobs once Succeed. */
  metadata_url?: string;
}

export interface Account {
  user_id: string;
  name: string;
  credits: number;
}

/** A file to upload: a Blob (browser File included) or bytes with a name. */
export type FileInput = Blob | { data: Blob | Uint8Array; name: string; type?: string };

/**
 * What earlier releases of the client and CLI called the kinds, still taken everywhere a kind is named
 * (CLI, jobs files, plugins). The kinds themselves, their paths and fields are kinds.ts, generated from
 * the server's endpoints; this list is closed: a new kind has its server name only.
 */
export const FORMER_NAMES = {
  image: 'generate/image',
  'effect-v1': 'effect/v1',
  'effect-v2': 'effect/v2',
  'overlay-v1': 'character-overlay/v1',
  'overlay-v2': 'character-overlay/v2',
  'make-sprite-v1': 'make-sprite/v1',
  'make-sprite': 'make-sprite/v2',
  upscale: 'image-tune/upscale',
  'split-layer': 'image-tune/split-layer',
  'reskin-v1': 'reskin/v1',
  'reskin-v2': 'reskin/v2',
  'inpaint-v2': 'image-tune/inpaint/v2',
} as const satisfies Record<string, JobKind>;

/** A job kind as the server names it (its x-job-kind in /openapi.json). */
export type JobKind = keyof typeof KINDS;
/** Any name a kind goes by: its own or a former one. */
export type KindName = JobKind | keyof typeof FORMER_NAMES;
export type KindOf<K extends KindName> = K extends keyof typeof FORMER_NAMES ? (typeof FORMER_NAMES)[K] : K;
/** The fields of the kind a name stands for. */
export type FieldsOf<K extends KindName> = JobFields[KindOf<K>];

/** The kind a name stands for, or undefined for a name no kind goes by. */
export function kindOf(name: string): JobKind | undefined {
  if (Object.hasOwn(KINDS, name)) return name as JobKind;
  return Object.hasOwn(FORMER_NAMES, name) ? FORMER_NAMES[name as keyof typeof FORMER_NAMES] : undefined;
}
