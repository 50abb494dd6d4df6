import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Subprocess tests spawn the built CLI; two cores here, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
