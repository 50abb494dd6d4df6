/**
 * Binary output (images, archives, executables, anything with NUL bytes): no lines to cite,
 * so the packet names the type, the size and the hash, and points at `inspect --raw`.
 */
import type { Reducer } from '../../core/types.js';
import { plural } from '../../core/format.js';
import { binaryClaims } from './binary.claims.js';

export const binaryReducer: Reducer = {
  ...binaryClaims,
  version: '1.0.1',
  start(ctx) {
    const lines = { stdout: 0, stderr: 0 };
    const contentType = ctx.contentType ?? 'binary';
    return {
      line(stream, n) {
        lines[stream] = n;
      },
      finish(exit) {
        const failed = exit.code !== null && exit.code !== 0;
        return {
          status: failed ? 'fail' : 'ok',
          summary: [{ text: `${contentType} output, ${plural(lines.stdout, 'newline-separated chunk')}; not shown as text`, fields: ['contentType'] }],
          fields: { contentType },
          citations: [],
          omitted: [{ what: 'binary stream not shown (reduce inspect <id> --raw)', count: 1 }],
          confidence: 0.5,
        };
      },
    };
  },
};
