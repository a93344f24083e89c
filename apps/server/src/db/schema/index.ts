export * from './audit.js';
export * from './barcode-items.js';
export * from './price-groups.js';
export * from './product-groups.js';
export * from './products.js';
export * from './sessions.js';
export * from './users.js';
