// A strict TypeScript consumer of the packed package (compiled by test/package/types.test.ts). Every line
// must compile, and every `@ts-expect-error` must find its error.
import 'voice-agent-widget';
import {
  VoiceAgentElement, type CallState, type ErrorDetail, type TranscriptDetail, type VoiceAgentEventMap,
} from 'voice-agent-widget';

/** true when T is `any` (it absorbs the intersection). */
type IsAny<T> = 0 extends 1 & T ? true : false;
const notAny = <T>(_value: T, _proof: IsAny<T> extends false ? true : never): void => undefined;

const el = document.createElement('voice-agent');
const same: VoiceAgentElement = el;
const found: VoiceAgentElement | null = document.querySelector('voice-agent');

el.publicId = 'x';
el.serverUrl = 'https://service.example';
el.muted = true;
el.layout = 'inline';
el.open = false;
const state: CallState = el.state;
const started: Promise<void> = el.start();
const typedCall: Promise<void> = el.start({ microphone: false });
const ended: Promise<void> = el.end();
el.sendText('hello');
el.show();
el.hide();
notAny(el.stats, true);
notAny(el.stats.playback, true);
const framesSent: number = el.stats.framesSent;

el.addEventListener('voice-agent-ready', (e) => {
  const name: string = e.detail.agent.name;
  const maxSeconds: number = e.detail.maxSeconds;
  notAny(e.detail, true);
  notAny(name, true);
  // @ts-expect-error the agent has no `nom`
  void e.detail.agent.nom;
});
el.addEventListener('voice-agent-transcript', (e) => {
  const detail: TranscriptDetail = e.detail;
  const role: 'user' | 'agent' = e.detail.role;
  const text: string = e.detail.text;
  const final: boolean = e.detail.final;
  notAny(e.detail, true);
});
el.addEventListener('voice-agent-error', (e) => {
  const code: ErrorDetail['code'] = e.detail.code;
  const wait: number | undefined = e.detail.retryAfterSeconds;
  const retryable: boolean = e.detail.retryable;
  notAny(e.detail, true);
});
el.addEventListener('voice-agent-state', (e) => {
  const next: CallState = e.detail.state;
});
el.addEventListener('voice-agent-toggle', (e) => {
  const open: boolean = e.detail.open;
});
el.addEventListener('voice-agent-network', (e) => {
  // @ts-expect-error not one of the widget's events: a plain Event, without `detail`
  void e.detail;
});
// The events bubble and are composed: typed on any ancestor too.
document.addEventListener('voice-agent-ended', (e) => {
  const seconds: number = e.detail.durationSeconds;
  const billed: number | null = e.detail.billedSeconds;
});
const readyEvent: VoiceAgentEventMap['voice-agent-ready'] = new CustomEvent('voice-agent-ready', {
  detail: { conversationId: 'c', maxSeconds: 60, agent: { name: 'Amina', avatar: {} } },
});

// @ts-expect-error misspelt property
el.publicID = 'x';
// @ts-expect-error `muted` is a boolean
el.muted = 'yes';
// @ts-expect-error `layout` is 'floating' | 'inline'
el.layout = 'sidebar';
// @ts-expect-error error codes are a closed set
const unknownCode: ErrorDetail['code'] = 'NOPE';
// @ts-expect-error start()'s options are typed
void el.start({ microphone: 'no' });
// @ts-expect-error `state` is read-only
el.state = 'live';

export { ended, found, framesSent, readyEvent, same, started, state, typedCall, unknownCode };
