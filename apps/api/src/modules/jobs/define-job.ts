import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import type { Job, JobFinish, JobOutcome } from './job';
import type { Lane } from './lanes';

/**
 * What an enqueuer needs of a job: its stored kind, its lane and the shape of its payload. Apart from
 * the handler so that a module can enqueue its own jobs without importing what runs them.
 */
export interface JobType<Payload> {
  /** Stored in `jobs.kind`; rows already in a database carry it, so it never changes. */
  readonly kind: string;
  readonly lane: Lane;
  /** Checked when the job is claimed: a payload that does not match fails the job. */
  readonly payload: z.ZodType<Payload>;
}

export type PlainJobHandler<Payload> = (job: Job<Payload>, deps: AppDeps) => Promise<JobOutcome>;

/**
 * A job whose start must be on record before its work leaves the process (a webhook attempt is
 * numbered and logged before the POST). `begin` runs inside the claim's transaction, so claim and
 * start are one commit; a job it leaves out of its answer has nothing left to do and is done.
 * `run` does the work and returns how the job ends (its writes and its outcome, in one commit).
 */
export interface StagedJobHandler<Payload, Started> {
  begin(tx: Queryable, claimed: readonly Job<Payload>[], deps: AppDeps): Promise<Map<number, Started>>;
  run(job: Job<Payload>, started: Started, deps: AppDeps): Promise<JobFinish>;
}

/** A job kind with what runs it; the composition root collects these into the worker's registry. */
export interface JobDefinition<Payload> extends JobType<Payload> {
  // biome-ignore lint/suspicious/noExplicitAny: each staged handler keeps its own start type private.
  readonly handler: PlainJobHandler<Payload> | StagedJobHandler<Payload, any>;
}

/** A job's kind, lane and payload schema, for the module that enqueues it. */
export function jobType<Payload>(type: JobType<Payload>): JobType<Payload> {
  return type;
}

/** A job type together with its handler. */
export function defineJob<Payload, Started = never>(
  type: JobType<Payload>,
  handler: PlainJobHandler<Payload> | StagedJobHandler<Payload, Started>,
): JobDefinition<Payload> {
  return { ...type, handler };
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every payload type.
export type AnyJobDefinition = JobDefinition<any>;

/**
 * The claimed job's payload checked against its definition: the typed job, or why it cannot run
 * (the text the job is failed with).
 */
export function parseJob<Payload>(
  definition: JobType<Payload>,
  job: Job<unknown>,
): { job: Job<Payload> } | { invalid: string } {
  const parsed = definition.payload.safeParse(job.payload);
  if (parsed.success) return { job: { ...job, payload: parsed.data } };
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`)
    .join('; ');
  return { invalid: `${job.kind}: invalid payload (${problems})` };
}
