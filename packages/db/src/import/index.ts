/**
 * Catalogue import (docs/catalog-format.md): parsers for the JSON and CSV formats, validation,
 * and the transactional importer.
 */
export { parseCatalogJson, locateJsonPaths } from './json.ts';
export { parseCatalogCsv, CSV_COLUMNS, CSV_PRODUCT_COLUMNS, CSV_VARIANT_COLUMNS, CSV_PRICE_COLUMNS } from './csv.ts';
export { importCatalog, type ImportOptions, type ImportSummary } from './import.ts';
export { validateCatalog, checkRawCurrencies, SITE_CURRENCY, type ExternalRefs } from './validate.ts';
export { CatalogValidationError, formatPath, type CatalogIssue, type CatalogRowError, type CatalogParseResult } from './types.ts';
