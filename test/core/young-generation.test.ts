import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_YOUNG_GENERATION_CAP, YOUNG_GENERATION_CAP, capYoungGeneration, keepYoungGenerationCap, raiseYoungGenerationCap, watchYoungGeneration } from '../../src/capture/young-generation.js';

describe('capYoungGeneration', () => {
  afterEach(() => vi.useRealTimers());

  it('stops the growth once, when the young generation reaches the cap, and not before', () => {
    vi.useFakeTimers();
    let size = 2 * 1024 * 1024;
    const stopGrowth = vi.fn();
    const stop = capYoungGeneration({ youngGenerationBytes: () => size, stopGrowth, resumeGrowth: vi.fn() }, YOUNG_GENERATION_CAP);
    watchYoungGeneration();
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
    capYoungGeneration({ youngGenerationBytes: () => YOUNG_GENERATION_CAP * 2, stopGrowth, resumeGrowth: vi.fn() });
    watchYoungGeneration();
    expect(stopGrowth).toHaveBeenCalledTimes(1);
    const never = vi.fn();
    const stop = capYoungGeneration({ youngGenerationBytes: () => 0, stopGrowth: never, resumeGrowth: never });
    stop();
    watchYoungGeneration();
    vi.advanceTimersByTime(1000);
    expect(never).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts at the first cap, grows to the full one when the reducer stays, and stops again after a worker started', () => {
    vi.useFakeTimers();
    let size = FIRST_YOUNG_GENERATION_CAP;
    const stopGrowth = vi.fn();
    const resumeGrowth = vi.fn();
    const stop = capYoungGeneration({ youngGenerationBytes: () => size, stopGrowth, resumeGrowth });
    watchYoungGeneration();
    expect(stopGrowth).toHaveBeenCalledTimes(1);
    // The worker's start reset the growth factor: stopped again where it is.
    keepYoungGenerationCap();
    expect(stopGrowth).toHaveBeenCalledTimes(2);
    // The reducer stays on the main thread: growth resumes, up to the full cap.
    raiseYoungGenerationCap();
    expect(resumeGrowth).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(stopGrowth).toHaveBeenCalledTimes(2);
    size = YOUNG_GENERATION_CAP;
    vi.advanceTimersByTime(10);
    expect(stopGrowth).toHaveBeenCalledTimes(3);
    raiseYoungGenerationCap(); // once only
    expect(resumeGrowth).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads nothing of the heap until the run has read enough output to be watched (node:v8 stays unloaded)', () => {
    vi.useFakeTimers();
    const youngGenerationBytes = vi.fn(() => 0);
    const stop = capYoungGeneration({ youngGenerationBytes, stopGrowth: vi.fn(), resumeGrowth: vi.fn() });
    vi.advanceTimersByTime(1000);
    expect(youngGenerationBytes).not.toHaveBeenCalled();
    watchYoungGeneration();
    vi.advanceTimersByTime(10);
    expect(youngGenerationBytes).toHaveBeenCalled();
    stop();
  });
});
