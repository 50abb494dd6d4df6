import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDIDATE } from '../../../src/reducers/generic/classify.js';

// The prefilter as a flat list of fragments: the grouped regex must accept exactly the same lines.
const FLAT = /err|fail|fatal|panic|exception|traceback|refused|denied|forbidden|unauthori|segmentation|dumped|oom|backoff|evict|timed out|cannot|could not|not found|no such|killed|abort|exit|level|http\/|statuscode|##\[|warn|deprecat|^\s*(?:e\s\s|✗|✖|×|x\s)/i;

const fragments = ['err', 'ER', 'fail', 'FAT', 'fatal', 'panic', 'exception', 'EXIT', 'ex', 'evict', 'trace', 'traceback', 'timed out', 'timed  out', 'refused', 'denied', 'dumped', 'deprecat', 'forbidden', 'unauthori', 'segmentation', 'statuscode', 'oom', 'backoff', 'cannot', 'could not', 'not found', 'no such', 'nosuch', 'killed', 'abort', 'level', 'http/', 'HTTP', '##[', '#', 'warn', 'e  ', 'E  ', 'x ', 'X ', '✗', '✖', '×', ' ', '\t', 'a', 'o', 'n', 'ſ', 'K', '\u212a', '1', '\n'];
const line = fc.array(fc.constantFrom(...fragments), { maxLength: 12 }).map((p) => p.join(''));

describe('classify prefilter', () => {
  it('accepts exactly the lines the flat fragment list accepts', () => {
    fc.assert(
      fc.property(fc.oneof(line, fc.string({ maxLength: 80 })), (text) => {
        expect(CANDIDATE.test(text)).toBe(FLAT.test(text));
      }),
      { numRuns: 20000 },
    );
  });
});
