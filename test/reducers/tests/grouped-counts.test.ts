import { describe, expect, it } from 'vitest';
import { cargoTestReducer } from '../../../src/reducers/tests/cargo-test.js';
import { goTestReducer } from '../../../src/reducers/tests/go-test.js';
import { jestReducer } from '../../../src/reducers/tests/jest.js';
import { mochaReducer } from '../../../src/reducers/tests/mocha.js';
import { nodeTestReducer } from '../../../src/reducers/tests/node-test.js';
import { pytestReducer } from '../../../src/reducers/tests/pytest.js';
import { unittestReducer } from '../../../src/reducers/tests/unittest.js';
import { vitestReducer } from '../../../src/reducers/tests/vitest.js';
import { countOf } from '../../../src/reducers/tests/counts.js';
import { reduce } from './test-runner-helpers.js';

// Totals with counts grouped by thousands (`1,204`), as runners that format numbers for the locale print them.
describe('test runner totals with counts grouped by thousands', () => {
  it('reads a grouped count as one number', () => {
    expect(countOf('1,204')).toBe(1204);
    expect(countOf('12,345,678')).toBe(12345678);
    expect(countOf('1204')).toBe(1204);
  });

  it.each([
    ['vitest', vitestReducer, ' Test Files  1 passed (1)\n      Tests  1,204 passed (1,204)\n   Duration  2.65s\n', { passed: 1204, total: 1204 }],
    ['vitest errors', vitestReducer, '      Tests  3 failed | 1,201 passed (1,204)\n     Errors  1,002 errors\n', { failed: 3, passed: 1201, total: 1204, errors: 1002 }],
    ['jest', jestReducer, 'Test Suites: 1 passed, 1 total\nTests:       2 failed, 1,202 passed, 1,204 total\n', { failed: 2, passed: 1202, total: 1204 }],
    ['mocha', mochaReducer, '  1,204 passing (2s)\n  1,003 pending\n', { passed: 1204, skipped: 1003 }],
    ['node --test', nodeTestReducer, '# tests 1,204\n# pass 1,204\n# fail 0\n', { total: 1204, passed: 1204 }],
    ['pytest', pytestReducer, '============ 1,204 passed, 1,001 skipped in 3.10s ============\n', { passed: 1204, skipped: 1001 }],
    ['cargo test', cargoTestReducer, 'test result: ok. 1,204 passed; 0 failed; 1,001 ignored; 0 measured; 0 filtered out; finished in 0.50s\n', { passed: 1204, ignored: 1001 }],
    ['gotestsum', goTestReducer, 'DONE 1,204 tests, 1,001 skipped in 3.100s\n', { total: 1204, skipped: 1001 }],
    ['unittest', unittestReducer, '----------------------------------------------------------------------\nRan 1,204 tests in 0.300s\n\nOK\n', { total: 1204 }],
  ] as const)('%s', (_name, reducer, stdout, counts) => {
    expect(reduce(reducer, { stdout }, 0).fields).toMatchObject(counts);
  });
});
