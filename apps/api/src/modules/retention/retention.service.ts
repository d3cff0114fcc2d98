/** The retention sweep, run by the job worker on its schedule; runRetention for the CLI. */
export { runRetention, sweepRetention } from './retention.sweep';
