/** The retention module as the rest of the API uses it. */
export { runRetention, sweepRetention } from './retention.sweep';
