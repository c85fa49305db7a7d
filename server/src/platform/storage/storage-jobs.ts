import type { Job } from '../jobs/job-runner';
import type { Storage } from './storage';

const HOUR_MS = 60 * 60 * 1000;
const STAGING_MAX_AGE_MS = 24 * HOUR_MS;
/** Exports are made for one download; a day later they go (API.md). */
const EXPORT_MAX_AGE_MS = 24 * HOUR_MS;

/**
 * The storage's housekeeping as timed jobs: staging objects of uploads cut short by a stop, and exports
 * older than a day, at the start and then hourly, on one server of the office at a time. Jobs run apart
 * from requests, so a large folder never delays the start or an answer.
 */
export const storageJobs = (storage: Storage): Job[] => [
  {
    name: 'storage.sweep-staging',
    intervalMs: HOUR_MS,
    runAtStart: true,
    run: () => storage.sweepStaging(STAGING_MAX_AGE_MS),
  },
  {
    name: 'storage.sweep-exports',
    intervalMs: HOUR_MS,
    runAtStart: true,
    run: () => storage.sweepExports(EXPORT_MAX_AGE_MS),
  },
];
