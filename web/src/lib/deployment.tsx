import type { Deployment } from '@dp/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAppConfig } from './config';

/*
 * What each deployment offers (ARCHITECTURE 'Deployments'; SPEC 2 and 6 named hosts for this, the
 * DEPLOYMENT setting of /api/config replaces those host markers). Only hiding: the server refuses anyway.
 */

/** Base data and compatibilities are edited on the work instance only; live and demo are read-only copies. */
export function canEditData(deployment: Deployment): boolean {
  return deployment === 'work';
}

/** Backups, the delta report and the transfer live where admins edit. */
export function offersWorkTools(deployment: Deployment): boolean {
  return deployment === 'work';
}

/** Monitoring (LIVE) watches live and demo from the work and demo instances. */
export function offersMonitoring(deployment: Deployment): boolean {
  return deployment === 'work' || deployment === 'demo';
}

/** Whether this instance takes data writes (false on live and demo: every write answers 403 there). */
export function useCanEditData(): boolean {
  return canEditData(useAppConfig().deployment);
}

/** Says that data is edited on the work instance, where an editing page is opened on live or demo. */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  const { deployment } = useAppConfig();
  return (
    <Alert
      color="orange"
      title={t('app.readOnlyTitle')}
      icon={<IconLock aria-hidden />}
      role="alert"
      data-testid="read-only-notice"
    >
      {t('app.readOnly', { deployment: t(`app.deployments.${deployment}`) })}
    </Alert>
  );
}

/** Layout route around editing pages: the page on the work instance, the notice elsewhere. */
export function RequireDataEditing() {
  return useCanEditData() ? <Outlet /> : <ReadOnlyNotice />;
}
