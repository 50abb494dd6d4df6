/**
 * Families defined in config: an argv or content pattern routed to a generic reducer with
 * extra error patterns. They outrank built-in reducers when their pattern matches.
 */
import type { UserFamily } from '../../config.js';
import type { Reducer } from '../../core/types.js';
import { fallbacks } from './fallbacks.js';

export function userFamilyReducer(family: UserFamily): Reducer {
  const base = fallbacks[family.reducer];
  return {
    name: family.name,
    family: family.name,
    version: `${base.version}+config`,
    wantsJson: base.wantsJson ?? false,
    ...(family.trustLane ? { lane: family.trustLane } : {}),
    ...(family.intent ? { intent: family.intent } : {}),
    detect(probe) {
      if (family.argv && probe.argv.length > 0 && family.argv.test(probe.argv.join(' '))) return 0.97;
      if (family.content && family.content.test(probe.head + '\n' + probe.stderrHead)) return 0.85;
      return 0;
    },
    start: (ctx) => base.start({ ...ctx, errorPatterns: [...ctx.errorPatterns, ...family.errorPatterns] }),
  };
}
