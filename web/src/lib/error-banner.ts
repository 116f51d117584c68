import { useSyncExternalStore } from 'react';
import { isAbort, toFailure, type Failure } from './api-failure';

// One banner for the whole app (SPEC section 8): the newest failure replaces the one shown.
let current: Failure | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows `reason` in the error banner. */
export function showError(reason: unknown) {
  current = toFailure(reason);
  emit();
}

export function dismissError() {
  current = null;
  emit();
}

/** The failure the banner shows, or null. */
export function useCurrentError(): Failure | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Sends unhandled promise rejections to the banner (and the console); returns the uninstaller. */
export function installUnhandledRejectionHandler(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isAbort(event.reason)) return;
    console.error('Unhandled rejection', event.reason);
    showError(event.reason);
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
