/** The deadline sweeps, run by the job worker on its schedule. */
export { sweepOverdueOrders, sweepReminders } from './deadlines.sweep';
