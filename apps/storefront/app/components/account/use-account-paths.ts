/** The account paths of the page's language (components). */
import { useShell } from '../../lib/shell-data.ts';
import { accountPaths } from './account-paths.ts';
import type { AccountPaths } from './account-paths.ts';

export function useAccountPaths(): AccountPaths {
  return accountPaths(useShell().lang);
}
