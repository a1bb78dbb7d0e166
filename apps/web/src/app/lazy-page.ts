import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Chunk load timeout of spec 000 §9: a page whose code has not arrived by then fails visibly. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The page took too long to load.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const cache = new WeakMap<PageLoader, LazyExoticComponent<ComponentType>>();

/** React.lazy over a page loader, with the chunk timeout; one component per loader. */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(() => withTimeout(loader(), CHUNK_LOAD_TIMEOUT_MS));
    cache.set(loader, component);
  }
  return component;
}
