"use client";

import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code is a chunk of its own, fetched the first time it renders. React.lazy
 * rather than next/dynamic: next/dynamic's loader and preload code cost ~2 kB gzipped on every
 * page that used it, which kept the dashboard over its 150 kB budget. On the server the chunk is
 * imported and rendered in place, so the HTML is complete; in the browser that HTML stays as it
 * is until the chunk has arrived and hydrated.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
