// A call's AudioContext that is already held by the browser when the audio engine takes it over: created
// suspended outside a gesture (a page's start() before any interaction, under autoplay rules), or interrupted
// on iOS while the call's code was still downloading after the tap (the visitor switched apps on a slow
// network). No `statechange` will come, so the engine must look at the context when it takes it: resume it, and
// when that needs a gesture, say so ("Tap to continue") instead of a call that stays silent.
import { afterEach, expect, it } from 'vitest';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import type { GestureAudio } from '../../src/audio/gesture-audio.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';

afterEach(restoreAll);

it('asks for a tap when the context it adopts is already suspended and will not resume without one, and resumes on it', async () => {
  const context = new AudioContext();
  await context.suspend();
  // Its `statechange` has been and gone before the engine is created.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(context.state).toBe('suspended');
  const nativeResume = context.resume.bind(context);
  let blocked = true;
  context.resume = () => (blocked ? new Promise<void>(() => {}) : nativeResume());
  const gesture = { takeContext: () => context, takeMicrophone: () => null, release: () => undefined } as unknown as GestureAudio;
  const needsGesture: boolean[] = [];
  const engine = new PipedEngine({ gesture, audioProcessing: false, onNeedsGesture: (value) => needsGesture.push(value) });
  restoreAfterTest(() => engine.close());
  await Promise.all([engine.source.open(), engine.sink.open()]);
  expect(engine.context).toBe(context);

  await expect.poll(() => needsGesture, { timeout: 2000 }).toEqual([true]);
  blocked = false;
  engine.resumeAudio();
  await expect.poll(() => context.state).toBe('running');
  await expect.poll(() => needsGesture).toEqual([true, false]);
});
