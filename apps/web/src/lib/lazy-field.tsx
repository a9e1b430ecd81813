import { type ComponentType, forwardRef, lazy, Suspense } from 'react';

/**
 * A component whose code loads the first time it renders. Used by the build (see
 * build/lazy-pro-fields.ts) for ProComponents' rarely used value types, so that a list
 * page does not carry the colour picker, tree select or slider it never shows.
 * Refs reach the loaded component (ProForm calls its fields' imperative handles).
 */
// biome-ignore lint/suspicious/noExplicitAny: the wrapped value-type components are untyped JavaScript
export function lazyField(load: () => Promise<{ default: ComponentType<any> }>) {
  const Loaded = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per value type at module load, never during render
  // biome-ignore lint/suspicious/noExplicitAny: props pass through unchanged
  const Field = forwardRef<unknown, any>((props, ref) => (
    <Suspense fallback={null}>
      <Loaded {...props} ref={ref} />
    </Suspense>
  ));
  Field.displayName = 'LazyProField';
  return Field;
}
