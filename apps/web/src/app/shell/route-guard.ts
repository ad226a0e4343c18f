import { DEFAULT_PATH, isAllowedPath, normalizePath, PROJECTS_PATH, SHELL_PATH } from '../../config/index.ts';

/**
 * Where the shell must send the user instead of rendering `pathname` (spec §2), or null.
 * Only applies once an organization id is known: before that the session decides.
 */
export function guardRedirect(
  pathname: string,
  orgId: string | null,
  projectsLandingOrgIds: readonly string[],
  log: (...args: unknown[]) => void = console.warn,
): string | null {
  if (!orgId) return null;
  const path = normalizePath(pathname);
  if (!isAllowedPath(path)) {
    log('restricted access', path);
    return DEFAULT_PATH;
  }
  if (path === '/' || path === SHELL_PATH) return rootRedirect(orgId, projectsLandingOrgIds);
  return null;
}

/** The root lands on /projects for the configured organizations, else the default path. */
export function rootRedirect(orgId: string, projectsLandingOrgIds: readonly string[]): string {
  return projectsLandingOrgIds.includes(orgId) ? PROJECTS_PATH : DEFAULT_PATH;
}
