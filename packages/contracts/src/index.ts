export * from './catalog-file.ts';
