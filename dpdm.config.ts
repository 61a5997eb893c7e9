/**
 * Import-cycle check (issue 11 item 8, ADR 0024): `npm run lint` fails on any import cycle in
 * apps/ and packages/, type-only imports included (a type cycle still ties two modules together).
 * Run alone with `npm run lint:cycles`.
 */
export default {
  files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
  // dependencies, build output and generated route types are not ours to check
  exclude: '/(node_modules|build|dist|\\.react-router)/',
  exitCode: 'circular:1',
  transform: false,
  tree: false,
  warning: false,
  progress: false,
};
