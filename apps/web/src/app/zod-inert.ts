/**
 * What the web app gets for `zod/mini` (vite.config.ts). The app never validates with zod: the
 * contracts' schemas are for the server, which checks every call, and give the app its types
 * (erased). Building them cost every screen about 15 KB compressed and ~10 ms on a slow phone's
 * CPU before the first render (issue 24). Here every schema is one inert value: any property,
 * call or spread of it gives it again, so the contracts' modules load as they are.
 */
type Inert = ((...args: unknown[]) => Inert) & { readonly [key: string | symbol]: Inert };

const inert: Inert = new Proxy((() => undefined) as unknown as Inert, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : inert),
  apply: () => inert,
  // A schema's `.shape` spread into another schema's: nothing to copy.
  ownKeys: () => [],
  getOwnPropertyDescriptor: () => undefined,
});

export const z = inert;
export default inert;
