// The page's audio session (Safari's navigator.audioSession) held by claims: play-and-record while any is held,
// the page's own type back when the last goes, unless the page changed it meanwhile.
import { afterEach, describe, expect, it } from 'vitest';
import { claimAudioSession } from '../../src/audio/audio-session.ts';

const navigatorBefore = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
function pageSession(type: string): { type: string } {
  const session = { type };
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { audioSession: session } });
  return session;
}
afterEach(() => {
  if (navigatorBefore) Object.defineProperty(globalThis, 'navigator', navigatorBefore);
  else delete (globalThis as { navigator?: unknown }).navigator;
});

describe('claimAudioSession', () => {
  it('holds play-and-record until the last claim goes, in any order, then gives the page its type back', () => {
    const session = pageSession('playback');
    const first = claimAudioSession();
    const second = claimAudioSession();
    expect(session.type).toBe('play-and-record');
    first();
    first(); // a second release of the same claim changes nothing
    expect(session.type).toBe('play-and-record');
    second();
    expect(session.type).toBe('playback');

    const again = claimAudioSession(); // the next call claims it afresh
    expect(session.type).toBe('play-and-record');
    again();
    expect(session.type).toBe('playback');
  });

  it('leaves a type the page set during the call', () => {
    const session = pageSession('auto');
    const release = claimAudioSession();
    session.type = 'ambient';
    release();
    expect(session.type).toBe('ambient');
  });

  it('does nothing where the browser has no audio session', () => {
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: {} });
    expect(() => claimAudioSession()()).not.toThrow();
  });
});
