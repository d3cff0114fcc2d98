/** An order's status changes only here (transitions.ts), in the caller's transaction. */
export { transition } from './transitions';
