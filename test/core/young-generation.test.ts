import { afterEach, describe, expect, it, vi } from 'vitest';
import { YOUNG_GENERATION_CAP, capYoungGeneration } from '../../src/capture/young-generation.js';

describe('capYoungGeneration', () => {
  afterEach(() => vi.useRealTimers());

  it('stops the growth once, when the young generation reaches the cap, and not before', () => {
    vi.useFakeTimers();
    let size = 2 * 1024 * 1024;
    const stopGrowth = vi.fn();
    const stop = capYoungGeneration({ youngGenerationBytes: () => size, stopGrowth });
    vi.advanceTimersByTime(100);
    expect(stopGrowth).not.toHaveBeenCalled();
    size = YOUNG_GENERATION_CAP;
    vi.advanceTimersByTime(10);
    expect(stopGrowth).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(stopGrowth).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops at once when the cap is already reached, and watches nothing after stop()', () => {
    vi.useFakeTimers();
    const stopGrowth = vi.fn();
    capYoungGeneration({ youngGenerationBytes: () => YOUNG_GENERATION_CAP * 2, stopGrowth });
    expect(stopGrowth).toHaveBeenCalledTimes(1);
    const never = vi.fn();
    const stop = capYoungGeneration({ youngGenerationBytes: () => 0, stopGrowth: never });
    stop();
    vi.advanceTimersByTime(1000);
    expect(never).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
