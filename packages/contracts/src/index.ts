export * from './catalog-file.ts';
export * from './errors.ts';
export * from './catalog.ts';
export * from './cms.ts';
export * from './client.ts';
export * from './cart.ts';
export * from './checkout.ts';
export * from './client-commerce.ts';
