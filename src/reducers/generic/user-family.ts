/**
 * Families defined in config: an argv or content pattern routed to a generic reducer with
 * extra error patterns. They outrank built-in reducers when their pattern matches.
 */
import type { UserFamily } from '../../config.js';
import type { Reducer, RegisteredReducer } from '../../core/types.js';

/** The family's registry row over `base`, the generic reducer it names (its body loads with the family's). */
export function userFamilyReducer(family: UserFamily, base: RegisteredReducer): RegisteredReducer {
  const claims = {
    name: family.name,
    family: family.name,
    ...(family.trustLane ? { lane: family.trustLane } : {}),
    ...(family.intent ? { intent: family.intent } : {}),
    ...(family.argv ? { readsArgv: true } : {}),
    detect(probe: Parameters<Reducer['detect']>[0]): number {
      if (family.argv && probe.argv.length > 0 && family.argv.test(probe.argv.join(' '))) return 0.97;
      if (family.content && family.content.test(probe.head + '\n' + probe.stderrHead)) return 0.85;
      return 0;
    },
  };
  const over = (body: Reducer): Reducer => ({
    ...claims,
    version: `${body.version}+config`,
    wantsJson: body.wantsJson ?? false,
    start: (ctx) => body.start({ ...ctx, errorPatterns: [...ctx.errorPatterns, ...family.errorPatterns] }),
  });
  let wrapped: Reducer | undefined;
  return {
    ...claims,
    loaded: () => {
      const body = base.loaded();
      return body && (wrapped ??= over(body));
    },
    load: async () => (wrapped ??= over(await base.load())),
  };
}
