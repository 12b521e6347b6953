// The real <voice-agent> (the shipped element and its real audio engine, the fake-device microphone) in a
// browser test, against the fake socket and ticket of ui-harness.ts (its goLive() calls the element until live): mounted, cleaned
// up, and the page's getUserMedia watched (what was asked for, what was given, a device unplugged).
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { restoreAfterTest } from '../fixtures/after-test.ts';
import { shadow } from '../fixtures/media-spy.ts';
import { cleanUp } from './ui-harness.ts';

/** A real widget on the page with these attributes (shop-42 at the fake service, English unless told). */
export function mountWidget(attributes: Record<string, string> = {}): VoiceAgentElement {
  const element = document.createElement('voice-agent');
  for (const [name, value] of Object.entries({ 'public-id': 'shop-42', 'server-url': 'https://service.test/', lang: 'en', ...attributes })) {
    element.setAttribute(name, value);
  }
  document.body.append(element);
  return element;
}

/** For afterEach: ends every widget's call, then cleanUp(): puts back what was watched or stood in for
 *  (restoreAfterTest), and clears the page. */
export async function cleanUpWidgets(): Promise<void> {
  for (const element of document.querySelectorAll('voice-agent')) await (element as VoiceAgentElement).end();
  cleanUp();
}

export interface WatchedMicrophone {
  /** What each getUserMedia call asked for. */
  calls: MediaStreamConstraints[];
  /** What each gave. */
  streams: MediaStream[];
  /** From now on an exact request for this device fails, as Chromium answers once it is unplugged. */
  unplug(deviceId: string): void;
}

/** The page's getUserMedia, watched until the test is cleaned up. */
export function watchMicrophone(): WatchedMicrophone {
  const devices = navigator.mediaDevices;
  const real = devices.getUserMedia.bind(devices);
  const calls: MediaStreamConstraints[] = [];
  const streams: MediaStream[] = [];
  let gone: string | null = null;
  restoreAfterTest(shadow(devices, 'getUserMedia', async (constraints: MediaStreamConstraints) => {
    calls.push(constraints);
    const wanted = (constraints.audio as MediaTrackConstraints).deviceId as { exact?: string } | undefined;
    if (gone && wanted?.exact === gone) throw new DOMException('Requested device not found', 'OverconstrainedError');
    const stream = await real(constraints);
    streams.push(stream);
    return stream;
  }));
  return { calls, streams, unplug: (id) => (gone = id) };
}
