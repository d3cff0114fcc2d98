/** The deadlines module as the rest of the API uses it. */
export { sweepOverdueOrders, sweepReminders } from './deadlines.sweep';
