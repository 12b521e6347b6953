// A start() that waits for the call's code (the launcher loads it on demand): taken off the page or hung up
// meanwhile, it makes no call and lets the audio its gesture opened go at once; a new start() then calls.
// And a value a page set on the element before it was defined is kept.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { GestureAudio } from '../../src/audio/gesture-audio.ts';
import { cleanUp, endEveryCall, resetFakes, sockets, UiTestAgent } from './ui-harness.ts';

/** Counts what the gesture's audio let go of (the real one stops the microphone and closes the context), and the
 *  contexts it was told to create in the gesture (a start that waits for the call's code cannot leave it for later). */
class GestureCountingAgent extends UiTestAgent {
  released = 0;
  contextsOpened = 0;
  protected override openGestureAudio() {
    const gesture = {
      release: () => void this.released++, openContext: () => void this.contextsOpened++, takeContext: () => null, takeMicrophone: () => null,
    };
    return gesture as unknown as GestureAudio;
  }
}
if (!customElements.get('gesture-counting-agent')) customElements.define('gesture-counting-agent', GestureCountingAgent);

let fetchStub: ReturnType<typeof resetFakes>;
beforeEach(() => {
  fetchStub = resetFakes();
});
afterEach(async () => {
  await endEveryCall('gesture-counting-agent');
  await cleanUp();
});

/** A floating widget whose call code has not been asked for by this element yet. */
function floatingWidget(): GestureCountingAgent {
  const element = document.createElement('gesture-counting-agent') as GestureCountingAgent;
  element.setAttribute('public-id', 'shop-42');
  element.setAttribute('server-url', 'https://service.test/');
  element.setAttribute('lang', 'en');
  document.body.append(element);
  return element;
}

it('taken off the page while start() waits for the call’s code: no call, and the gesture’s audio let go', async () => {
  const element = floatingWidget();
  const started = element.start();
  expect(element.contextsOpened).toBe(1); // in the gesture, though the call waits for its code
  element.remove();
  await started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchStub.calls).toEqual([]);
  expect(sockets).toEqual([]);
  expect(element.released).toBe(1);
  expect(element.state).toBe('idle');
});

it('moved to another place on the page while start() waits: the call goes on', async () => {
  const element = floatingWidget();
  void element.start(); // resolves once the call is live, failed or ended: the service is not played here
  const box = document.createElement('div');
  document.body.append(box);
  box.append(element); // removed and inserted in the same task
  await expect.poll(() => sockets.length).toBe(1);
  expect(element.state).toBe('connecting');
  expect(element.released).toBe(0);
});

it('end() while start() waits: the gesture’s audio let go at once, no call, and the next start() calls', async () => {
  const element = floatingWidget();
  const first = element.start();
  await element.end();
  expect(element.released).toBe(1);
  await first;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchStub.calls).toEqual([]);
  expect(element.state).toBe('idle');

  void element.start();
  await expect.poll(() => sockets.length).toBe(1);
  expect(element.state).toBe('connecting');
});

it('keeps inputDeviceId and outputDeviceId set before the element was defined', async () => {
  const element = document.createElement('late-defined-agent') as UiTestAgent;
  Object.assign(element, { inputDeviceId: 'mic-2', outputDeviceId: 'speaker-3' });
  document.body.append(element);
  customElements.define('late-defined-agent', class extends UiTestAgent {});
  expect(element).toBeInstanceOf(UiTestAgent);
  expect(element.inputDeviceId).toBe('mic-2');
  expect(element.outputDeviceId).toBe('speaker-3');
});
