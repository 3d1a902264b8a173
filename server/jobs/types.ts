// The store's records and the JobStore interface. A later Postgres or Redis store is a new file
// implementing JobStore, not a rewrite.
import type { JobSpec } from '../../workers/specs.ts';

export type JobStatus = 'Pending' | 'Succeed' | 'Failed';

/** The endpoint a job came from (its "kind" on the record), as the endpoint table names it. */
export type { JobKind } from '../../plugins/client/types.ts';
import type { JobKind } from '../../plugins/client/types.ts';

export interface User {
  id: string;
  name: string;
  credits: number;
  disabled: boolean;
  createdAt: string;
}

export interface ApiKey {
  id: string;
  /** SHA-256 of the key, hex. The key itself is never stored. */
  hash: string;
  userId: string;
  name: string;
  createdAt: string;
  revokedAt?: string;
  expiresAt?: string;
}

/** Credits given or taken outside jobs (first start, `credits add`). Job charges and refunds live on the job. */
export interface CreditGrant {
  id: string;
  userId: string;
  amount: number;
  reason: string;
  at: string;
}

/**
 * The job's request as validated: its form fields (strings, as sent) and its files (paths of the
 * persisted uploads, relative to the data folder, per field in the order sent). Providers that
 * forward the request (upstream) send exactly this.
 */
export interface JobRequest {
  fields: Record<string, string>;
  files: Record<string, string[]>;
}

export interface JobRecord {
  id: string;
  owner: string;
  kind: JobKind;
  status: JobStatus;
  /** What to make; input paths inside it are relative to the data folder. */
  spec: JobSpec;
  seed: string;
  cost: number;
  /** True once the cost was given back (the job ended Failed). */
  refunded: boolean;
  /** Result file names, in image_urls order; URLs are built when read. */
  outputs: string[];
  metadata?: string;
  error?: string;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** How many times a run was started (recovery after a crash runs a job again). */
  attempts: number;
  request?: JobRequest;
  /** What the provider running the job saved to resume it (e.g. the remote job id); never a secret. */
  providerState?: { provider: string } & Record<string, string | number | boolean>;
}

export type NewJob = Omit<JobRecord, 'status' | 'refunded' | 'outputs' | 'attempts' | 'createdAt'>;

export type JobResult =
  | { status: 'Succeed'; outputs: string[]; metadata?: string }
  | { status: 'Failed'; error: string };

export interface JobSummary {
  id: string;
  owner: string;
  kind: JobKind;
  status: JobStatus;
  cost: number;
  createdAt: string;
}

export class InsufficientCredits extends Error {
  constructor(readonly balance: number) {
    super('Insufficient credits');
  }
}

/**
 * Every mutation applies to memory at once (synchronously, so checks such as a balance cannot race)
 * and is made durable by the next coalesced write; `flush()` resolves once everything changed before
 * the call is on disk.
 */
export interface JobStore {
  open(): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;

  createUser(name: string, credits: number): User;
  getUser(id: string): User | undefined;
  listUsers(): User[];
  setUserDisabled(id: string, disabled: boolean): void;
  /** Adds (or with a negative amount takes, never below zero) credits; returns the new balance. */
  addCredits(userId: string, amount: number, reason: string): number;
  grants(userId?: string): CreditGrant[];

  addKey(userId: string, hash: string, name: string): ApiKey;
  findKey(hash: string): ApiKey | undefined;
  /** Marks the key revoked; false when no such key. */
  revokeKey(hash: string): boolean;

  /** Charges the owner and inserts the job, Pending, in one step; throws InsufficientCredits. */
  createJob(job: NewJob): JobRecord;
  getJob(id: string): Promise<JobRecord | undefined>;
  /** Jobs still Pending, oldest first (what recovery runs again). */
  pendingJobs(): JobRecord[];
  markStarted(id: string): void;
  /** Replaces the provider state of a Pending job (durable at the next flush). */
  setProviderState(id: string, state: NonNullable<JobRecord['providerState']>): void;
  /**
   * Ends a Pending job; Failed refunds its cost. Finished jobs leave the hot file. Until the end is
   * on disk, getJob still answers the job as it was (clients are never told an end a crash can undo).
   */
  finishJob(id: string, result: JobResult): JobRecord;
  /** Takes back a job whose creation could not be saved: removed, its charge returned, nothing recorded. */
  discardJob(id: string): void;
  /** Newest first; `before` is a job id to page from (none after it when it is not `owner`'s). */
  listJobs(query: { owner?: string; limit: number; before?: string }): Promise<JobSummary[]>;
  /** Removes finished jobs older than the date; returns their ids so their files can be removed. */
  pruneJobs(olderThan: Date): Promise<string[]>;
  stats(): { pending: number; finished: number };
}
