import { hasRole, type Deployment, type Role } from '@dp/contract';
import { canEditData, offersMonitoring } from '../../lib/deployment';

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
}

/**
 * The toolbar links of a role on a deployment (SPEC sections 2 and 6), in toolbar order: no editing
 * on live and demo, Monitoring on work and demo. Hiding only: the API decides.
 */
export function navItemsFor(role: Role, deployment: Deployment): NavItem[] {
  const admin = hasRole(role, 'admin');
  const editor = admin && canEditData(deployment);
  const intern = hasRole(role, 'intern');
  const items: (NavItem | false)[] = [
    { key: 'evaluate', to: '/evaluate', label: 'nav.evaluate' },
    editor && { key: 'basic-data', to: '/basic-data', label: 'nav.basicData' },
    editor && { key: 'compatibility', to: '/compatibility', label: 'nav.compatibility' },
    admin && { key: 'database', to: '/database', label: 'nav.database' },
    intern && { key: 'dataset', to: '/dataset', label: 'nav.dataset' },
    admin && offersMonitoring(deployment) && { key: 'monitoring', to: '/monitoring', label: 'nav.monitoring' },
    intern
      ? { key: 'infos-internal', to: '/issues-internal', label: 'nav.infosInternal' }
      : { key: 'infos', to: '/issues', label: 'nav.infos' },
    { key: 'help', to: '/help', label: 'nav.help' },
    // A screen of the app that sends the token in a header, not a link with the token in its URL (SPEC 2).
    admin && { key: 'api-docs', to: '/api-docs', label: 'nav.apiDocs' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
