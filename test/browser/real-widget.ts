// The real <voice-agent> (the shipped element and its real audio engine, the fake-device microphone) in a
// browser test, against the fake socket and ticket of ui-harness.ts (its goLive() calls the element until live):
// mounted and cleaned up. The page's getUserMedia is watched with spyOnMicrophone (../fixtures/media-spy.ts).
import '../../src/voice-agent.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { cleanUp, endEveryCall } from './ui-harness.ts';

/** A real widget on the page with these attributes (shop-42 at the fake service, English unless told). */
export function mountWidget(attributes: Record<string, string> = {}): VoiceAgentElement {
  const element = document.createElement('voice-agent');
  for (const [name, value] of Object.entries({ 'public-id': 'shop-42', 'server-url': 'https://service.test/', lang: 'en', ...attributes })) {
    element.setAttribute(name, value);
  }
  document.body.append(element);
  return element;
}

/** For afterEach: ends every widget's call (answered as the service answers), then cleanUp(): puts back what
 *  was watched or stood in for (restoreAfterTest), and clears the page. */
export async function cleanUpWidgets(): Promise<void> {
  await endEveryCall();
  await cleanUp();
}
