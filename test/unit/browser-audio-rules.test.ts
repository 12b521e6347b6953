// The audio rules that differ by browser (src/audio/microphone-request.ts, audio-engine.ts), from user agents:
// Chromium and Firefox hold the call's output until the microphone is open (audio-engine.ts), Firefox asks for
// no automatic gain control (microphone-request.ts), WebKit keeps both as they were, and audio processing off
// turns all of it off. The rules' effect on the echo is the real-devices lane's (test/devices/); the wait itself
// is checked in Chromium by test/browser/audio-output-waits.test.ts.
import { describe, expect, it } from 'vitest';
import { outputWaitsForMicrophone } from '../../src/audio/audio-engine.ts';
import { isFirefox, microphoneConstraints } from '../../src/audio/microphone-request.ts';

const userAgents = {
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 15; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Safari/605.1.15',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1',
};
const browser = (userAgent: string, chromium = false) => ({ userAgent, ...(chromium ? { userAgentData: { brands: [] } } : {}) }) as unknown as Navigator;

describe('isFirefox', () => {
  it('tells Firefox by "Gecko/" and a version; Chromium and WebKit only say "like Gecko"', () => {
    expect(isFirefox(browser(userAgents.firefox))).toBe(true);
    expect(isFirefox(browser(userAgents.firefoxAndroid))).toBe(true);
    for (const userAgent of [userAgents.chromium, userAgents.safari, userAgents.iosSafari]) expect(isFirefox(browser(userAgent))).toBe(false);
    expect(isFirefox(undefined)).toBe(false);
  });
});

describe('outputWaitsForMicrophone', () => {
  it('holds the output in Chromium and Firefox with processing on, never in WebKit or with processing off', () => {
    expect(outputWaitsForMicrophone(true, browser(userAgents.chromium, true))).toBe(true);
    expect(outputWaitsForMicrophone(true, browser(userAgents.firefox))).toBe(true);
    expect(outputWaitsForMicrophone(true, browser(userAgents.safari))).toBe(false);
    expect(outputWaitsForMicrophone(true, browser(userAgents.iosSafari))).toBe(false);
    expect(outputWaitsForMicrophone(false, browser(userAgents.chromium, true))).toBe(false);
    expect(outputWaitsForMicrophone(false, browser(userAgents.firefox))).toBe(false);
    expect(outputWaitsForMicrophone(true, undefined)).toBe(false);
  });
});

describe('microphoneConstraints', () => {
  const processing = (firefox: boolean, audioProcessing = true) =>
    microphoneConstraints({ audioProcessing }, firefox).audio as MediaTrackConstraints;

  it('asks Firefox for echo cancellation and noise suppression without automatic gain control', () => {
    expect(processing(true)).toMatchObject({ echoCancellation: true, noiseSuppression: true, autoGainControl: false });
  });

  it('asks the other browsers for all three', () => {
    expect(processing(false)).toMatchObject({ echoCancellation: true, noiseSuppression: true, autoGainControl: true });
  });

  it('turns all three off with processing off, in every browser', () => {
    for (const firefox of [true, false]) {
      expect(processing(firefox, false)).toMatchObject({ echoCancellation: false, noiseSuppression: false, autoGainControl: false });
    }
  });
});
