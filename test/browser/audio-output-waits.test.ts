// Chromium's echo canceller lets the agent's first seconds through when the call's output was already playing
// as the microphone opened (test/devices/self-interruption.spec.ts found it: the agent heard its greeting as the
// visitor). With audio processing on, Chromium's context is held suspended from the moment the call takes it and
// resumed once the capture is connected. With processing off nothing waits. Here in Chromium, with the
// microphone answering 300 ms late so that the order shows.
import { afterEach, expect, it } from 'vitest';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import { GestureAudio } from '../../src/audio/gesture-audio.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { sleep } from '../sleep.ts';

afterEach(restoreAll);

const MICROPHONE_LATE_MS = 300;

/** The state of the newest AudioContext when the microphone's stream reached the page. */
function stateWhenMicrophoneOpens(): () => string | undefined {
  let state: string | undefined;
  const contexts: AudioContext[] = [];
  const devices = navigator.mediaDevices;
  const getUserMedia = devices.getUserMedia;
  devices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia.call(devices, constraints);
    await sleep(MICROPHONE_LATE_MS);
    state = contexts.at(-1)?.state;
    return stream;
  };
  const Native = window.AudioContext;
  window.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      contexts.push(this);
    }
  };
  restoreAfterTest(() => {
    devices.getUserMedia = getUserMedia;
    window.AudioContext = Native;
  });
  return () => state;
}

it.each([
  ['created by the call', false],
  ['created in the gesture', true],
])('with processing on, the context %s waits for the microphone, then runs', async (_, inGesture) => {
  const state = stateWhenMicrophoneOpens();
  const gesture = inGesture ? new GestureAudio({ microphone: true, audioProcessing: true }) : undefined;
  const engine = new PipedEngine({ gesture, audioProcessing: true });
  restoreAfterTest(() => engine.close());
  await Promise.all([engine.source.open(), engine.sink.open()]);
  expect(state(), 'while the browser was opening the microphone').toBe('suspended');
  await expect.poll(() => engine.context?.state).toBe('running');
});

it('with processing off, nothing waits: the context runs before the microphone answers', async () => {
  const state = stateWhenMicrophoneOpens();
  const engine = new PipedEngine({ audioProcessing: false });
  restoreAfterTest(() => engine.close());
  await Promise.all([engine.source.open(), engine.sink.open()]);
  expect(state()).toBe('running');
});
