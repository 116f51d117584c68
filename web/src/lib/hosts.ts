import type { Deployment } from '@dp/contract';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

function isLocal(hostname: string): boolean {
  return LOCAL_HOSTS.includes(hostname.toLowerCase());
}

/** Monitoring (LIVE) is offered on demo, work and local hosts only (SPEC section 2). */
export function isMonitoringHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return isLocal(name) || name.includes('demo') || name.includes('work');
}

/**
 * Delta report and Transfer are offered where admins edit: the work deployment, or a host named
 * like one (work, local). The production-comparison marker of SPEC section 2 is this deployment flag.
 */
export function isWorkHost(hostname: string, deployment: Deployment): boolean {
  return deployment === 'work' || isLocal(hostname) || hostname.toLowerCase().includes('work');
}
