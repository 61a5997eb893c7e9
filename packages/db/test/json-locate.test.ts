/** The JSON line locator of the catalogue importer (issue 11 item 8: jsonc-parser, strict). */
import { describe, expect, it } from 'vitest';
import { locateJsonPaths, parseCatalogJson } from '../src/import/index.ts';

const TEXT = '\ufeff{\n  "products": [\n    { "code": "A",\n      "variants": [\n        { "code": "A-1" },\n        7 ] }\n  ]\n}\n';

describe('locateJsonPaths', () => {
  it('answers the line where each value starts, by path', () => {
    expect(Object.fromEntries(locateJsonPaths(TEXT, null))).toEqual({
      '': 1,
      products: 2,
      'products[0]': 3,
      'products[0].code': 3,
      'products[0].variants': 4,
      'products[0].variants[0]': 5,
      'products[0].variants[0].code': 5,
      'products[0].variants[1]': 6,
    });
    expect([...locateJsonPaths(TEXT, new Set(['products[0].variants[1]', 'nope']))]).toEqual([['products[0].variants[1]', 6]]);
  });

  it('is strict JSON: comments, trailing commas and missing values fail on their line', () => {
    expect(() => locateJsonPaths('{\n "a": 1 // note\n}', null)).toThrow(expect.objectContaining({ line: 2, message: expect.stringContaining('invalid JSON') }));
    expect(() => locateJsonPaths('{\n "a": [1,\n ]\n}', null)).toThrow(expect.objectContaining({ line: 3 }));
    expect(() => locateJsonPaths('[\n1,\n,2]', null)).toThrow(expect.objectContaining({ line: 3 }));
    expect(parseCatalogJson('{\n "products": [\n  {,}\n ]\n}')).toEqual({ ok: false, errors: [{ line: 3, path: '', message: expect.stringContaining('invalid JSON') }] });
  });
});
