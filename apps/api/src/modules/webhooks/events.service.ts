/**
 * The outbox as the other modules write it: an event is recorded in the transaction of the change it
 * describes, and announced (live stream, webhook delivery) only once that commits.
 */
export { recordEvent } from './events.repository';
