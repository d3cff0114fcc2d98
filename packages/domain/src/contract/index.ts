export * from './clients';
export * from './common';
export * from './events';
export * from './issue-messages';
export * from './misc';
export * from './orders';
export * from './stats';
export * from './webhooks';
