import type { PublicConfig } from '@dp/contract';
import { createContext, useContext } from 'react';
import { api } from './api';

export type AppConfig = PublicConfig;

/** The public settings the app needs before anybody can sign in. */
export function fetchConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>('/api/config', { signal });
}

export const ConfigContext = createContext<AppConfig | null>(null);

/** The settings loaded at start; only used below the config gate, which guarantees they exist. */
export function useAppConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAppConfig() needs the ConfigContext provider');
  return config;
}
