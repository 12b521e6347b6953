// Microphone and Web Audio failures become CallErrors, and leave nothing running.
import { afterEach, describe, expect, it } from 'vitest';
import { AudioEngine } from '../../src/audio/audio-engine.ts';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import { microphoneError } from '../../src/audio/microphone.ts';
import { workletFileName, workletUrl } from '../../src/audio/worklet-modules.ts';
import { CallError } from '../../src/call/errors.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { shadow, spyOnMicrophone } from '../fixtures/media-spy.ts';
import { sleep } from '../sleep.ts';

afterEach(restoreAll);

async function rejection(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CallError);
    return error as CallError;
  }
  throw new Error('expected a rejection');
}

describe('microphone failures', () => {
  it('maps a refused permission to MIC_DENIED and lets the microphone go; the agent\'s voice still opens, and the context closes with it', async () => {
    // A call whose line opened before the refusal goes on typed (src/call/audio-opening.ts): the agent's voice
    // must not go down with the microphone. A call that cannot go on closes both ends, as the session does.
    const spy = spyOnMicrophone(new DOMException('Permission denied', 'NotAllowedError'));
    const engine = new PipedEngine();
    const source = engine.source.open();
    const context = engine.context!;
    const sink = engine.sink.open();
    expect((await rejection(source)).code).toBe('MIC_DENIED');
    await sink;
    expect(spy.calls).toHaveLength(1);
    expect(engine.outputNode).not.toBeNull();
    await expect.poll(() => context.state).toBe('running');
    engine.sink.close();
    await expect.poll(() => context.state).toBe('closed');
    expect(engine.context).toBeNull();
  });

  it.each([
    ['NotAllowedError', 'MIC_DENIED'],
    ['SecurityError', 'MIC_DENIED'],
    ['NotFoundError', 'MIC_UNAVAILABLE'],
    ['OverconstrainedError', 'MIC_UNAVAILABLE'],
    ['NotReadableError', 'MIC_UNAVAILABLE'],
    ['AbortError', 'MIC_UNAVAILABLE'],
  ])('maps %s to %s', async (name, code) => {
    spyOnMicrophone(new DOMException('no', name));
    const engine = new PipedEngine();
    const opening = engine.source.open();
    const context = engine.context!;
    const error = await rejection(opening);
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(true);
    await expect.poll(() => context.state).toBe('closed');
  });

  it('maps anything else without throwing', () => {
    expect(microphoneError(new Error('odd')).code).toBe('MIC_UNAVAILABLE');
    expect(microphoneError(undefined).code).toBe('MIC_UNAVAILABLE');
    expect(microphoneError({ name: 42 }).code).toBe('MIC_UNAVAILABLE');
    expect(microphoneError(new TypeError('no audio')).code).toBe('AUDIO_UNSUPPORTED');
  });

  it('reports a missing chosen microphone (real Chromium OverconstrainedError) as MIC_UNAVAILABLE', async () => {
    const engine = new PipedEngine({ inputDeviceId: 'no-such-microphone' });
    const opening = engine.source.open();
    const context = engine.context!;
    expect((await rejection(opening)).code).toBe('MIC_UNAVAILABLE');
    await expect.poll(() => context.state).toBe('closed');
  });

  it('reports AUDIO_UNSUPPORTED when there is no mediaDevices, without creating a context', async () => {
    restoreAfterTest(shadow(navigator, 'mediaDevices', undefined));
    const engine = new PipedEngine();
    expect(AudioEngine.isSupported()).toBe(false);
    const opening = engine.source.open();
    expect(engine.context).toBeNull();
    const error = await rejection(opening);
    expect(error.code).toBe('AUDIO_UNSUPPORTED');
    expect(error.retryable).toBe(false);
    expect(engine.context).toBeNull();
  });

  it('reports AUDIO_UNSUPPORTED when there is no AudioContext, and releases the microphone', async () => {
    const spy = spyOnMicrophone();
    restoreAfterTest(shadow(window, 'AudioContext', undefined));
    restoreAfterTest(shadow(window, 'webkitAudioContext', undefined));
    const engine = new PipedEngine({ audioProcessing: false });
    expect(AudioEngine.isSupported()).toBe(false);
    expect((await rejection(engine.source.open())).code).toBe('AUDIO_UNSUPPORTED');
    expect((await rejection(engine.sink.open())).code).toBe('AUDIO_UNSUPPORTED');
    // The microphone request had already started: its stream is stopped as soon as it arrives.
    await expect.poll(() => spy.streams.length).toBe(1);
    await expect.poll(() => spy.streams[0]!.getAudioTracks()[0]!.readyState).toBe('ended');
  });

  // A microphone that ends mid-call is replaced by the default device (test/browser/audio-interruptions.test.ts);
  // these two are the case where no microphone is left to take over.
  const noMicrophoneLeft = () =>
    restoreAfterTest(
      shadow(navigator.mediaDevices, 'getUserMedia', () =>
        Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
      ),
    );

  it('reports the microphone ending mid-call with none left as MIC_UNAVAILABLE, once, and stops the frames', async () => {
    const spy = spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false });
    restoreAfterTest(() => engine.close());
    await Promise.all([engine.source.open(), engine.sink.open()]);
    const frames: ArrayBuffer[] = [];
    const failures: CallError[] = [];
    engine.source.start((frame) => frames.push(frame), (error) => failures.push(error));
    await sleep(300);
    expect(frames.length).toBeGreaterThan(5);

    noMicrophoneLeft();
    const track = spy.streams[0]!.getAudioTracks()[0]!;
    // What the browser does when the device is unplugged: the track ends and fires `ended`.
    track.stop();
    track.dispatchEvent(new Event('ended'));
    track.dispatchEvent(new Event('ended'));
    await expect.poll(() => failures.length).toBe(1);
    expect(failures[0]!.code).toBe('MIC_UNAVAILABLE');
    const count = frames.length;
    await sleep(200);
    expect(frames.length).toBe(count);
    expect(failures).toHaveLength(1);
  });

  it('reports a microphone that ended before start(), with none left, as soon as start() is called', async () => {
    const spy = spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false });
    restoreAfterTest(() => engine.close());
    await engine.source.open();
    noMicrophoneLeft();
    spy.streams[0]!.getAudioTracks()[0]!.dispatchEvent(new Event('ended'));
    const failures: CallError[] = [];
    engine.source.start(() => undefined, (error) => failures.push(error));
    await expect.poll(() => failures.length).toBe(1);
    expect(failures[0]!.code).toBe('MIC_UNAVAILABLE');
  });

  it('leaves nothing open when closed while the microphone is still being asked for', async () => {
    const spy = spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false });
    const opening = engine.source.open();
    const sinkOpening = engine.sink.open();
    const context = engine.context!;
    engine.close();
    await Promise.allSettled([opening, sinkOpening]);
    await expect.poll(() => context.state).toBe('closed');
    await expect.poll(() => spy.streams.length).toBe(1);
    expect(spy.streams[0]!.getAudioTracks()[0]!.readyState).toBe('ended');
    expect(engine.context).toBeNull();
  });
});

describe('worklet modules', () => {
  it('loads the one module from workletBaseUrl when given, once for capture and playback', async () => {
    const urls: string[] = [];
    const addModule = AudioWorklet.prototype.addModule;
    restoreAfterTest(
      shadow(AudioWorklet.prototype, 'addModule', function (this: AudioWorklet, url: string | URL) {
        urls.push(String(url));
        return addModule.call(this, url);
      }),
    );
    // The dev server serves the worklet sources under /worklets/ (a build serves dist/assets/).
    const engine = new PipedEngine({ audioProcessing: false, workletBaseUrl: '/worklets/' });
    restoreAfterTest(() => engine.close());
    await Promise.all([engine.source.open(), engine.sink.open()]);
    // audio.worklet.ts from the dev server, audio.worklet.js in a build.
    const name = workletFileName();
    expect(name).toMatch(/^audio\.worklet\.[jt]s$/);
    expect(urls).toEqual([`/worklets/${name}`]);
    expect(workletUrl('https://cdn.example/va/')).toBe(`https://cdn.example/va/${name}`);
  });

  it('fails with AUDIO_UNSUPPORTED and releases everything when a module cannot be loaded', async () => {
    const spy = spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false, workletBaseUrl: '/no-such-place' });
    const source = engine.source.open();
    const context = engine.context!;
    const sink = engine.sink.open();
    expect((await rejection(source)).code).toBe('AUDIO_UNSUPPORTED');
    await Promise.allSettled([sink]);
    await expect.poll(() => context.state).toBe('closed');
    expect(spy.streams[0]!.getAudioTracks()[0]!.readyState).toBe('ended');
  });
});
