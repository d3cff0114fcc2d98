export * from './clients';
export * from './common';
export * from './events';
export * from './misc';
export * from './orders';
export * from './stats';
export * from './webhooks';
