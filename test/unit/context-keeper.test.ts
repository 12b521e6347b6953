// The keeper of a call's AudioContext: a suspended or interrupted context is
// resumed at once; when that needs a gesture, the panel is told, and a tap resumes it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContextKeeper, type KeptContext } from '../../src/audio/context-keeper.ts';

afterEach(() => vi.useRealTimers());

/** An AudioContext's state machine; `allowResume` says whether the browser lets resume() work right now. */
class FakeContext implements KeptContext {
  state = 'running';
  allowResume = true;
  resumes = 0;
  private readonly listeners = new Set<() => void>();
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.delete(listener);
  }
  resume(): Promise<void> {
    this.resumes++;
    if (!this.allowResume) return new Promise(() => {}); // WebKit leaves it pending until a gesture
    this.become('running');
    return Promise.resolve();
  }
  become(state: string) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
  get listening() {
    return this.listeners.size;
  }
}

function keep(context: FakeContext) {
  const asks: boolean[] = [];
  const keeper = new ContextKeeper(context, { onNeedsGesture: (needs) => asks.push(needs), gestureWaitMs: 400 });
  return { keeper, asks };
}

describe('ContextKeeper', () => {
  it('resumes a suspended context at once, without asking for a gesture when the browser allows it', async () => {
    vi.useFakeTimers();
    const context = new FakeContext();
    const { asks } = keep(context);
    context.become('suspended');
    expect(context.resumes).toBe(1);
    expect(context.state).toBe('running');
    await vi.advanceTimersByTimeAsync(1000);
    expect(asks).toEqual([]);
  });

  it('asks for a tap when an interruption (iOS) does not end on resume, and resumes in that tap', async () => {
    vi.useFakeTimers();
    const context = new FakeContext();
    const { keeper, asks } = keep(context);
    context.allowResume = false;
    context.become('interrupted');
    expect(context.resumes).toBe(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(asks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asks).toEqual([true]);
    expect(keeper.waitingForGesture).toBe(true);
    // The interruption is over but the context stays suspended until the visitor taps.
    context.become('suspended');
    await vi.advanceTimersByTimeAsync(1000);
    expect(asks).toEqual([true]);
    context.allowResume = true;
    keeper.resumeInGesture();
    expect(context.state).toBe('running');
    expect(asks).toEqual([true, false]);
  });

  it('looks again when asked (the page shown again) and stops listening once disposed', async () => {
    vi.useFakeTimers();
    const context = new FakeContext();
    const { keeper, asks } = keep(context);
    context.allowResume = false;
    context.state = 'suspended'; // changed while the page was hidden, no event seen
    keeper.check();
    await vi.advanceTimersByTimeAsync(400);
    expect(asks).toEqual([true]);
    keeper.dispose();
    expect(context.listening).toBe(0);
    context.become('running');
    expect(asks).toEqual([true]);
  });

  it('leaves a closed context alone', async () => {
    vi.useFakeTimers();
    const context = new FakeContext();
    const { asks } = keep(context);
    context.become('closed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(context.resumes).toBe(0);
    expect(asks).toEqual([]);
  });
});
