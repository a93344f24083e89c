import './common/messages.js';

export * from './common/dates.js';
export * from './common/errors.js';
export * from './common/list.js';
export * from './common/messages.js';
export * from './common/money.js';
export * from './users.js';

/** The product's name, used in page titles ("<route title> | Wholesale Desk"). */
export const PRODUCT_NAME = 'Wholesale Desk';
