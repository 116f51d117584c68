import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a module's named export: the module becomes a chunk of its own that is downloaded
 * the first time the component renders. The nearest Suspense boundary shows a loader meanwhile.
 */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
