// The service's messages to one call: each is validated, and dropped (counted in `droppedMessages`) when the
// call cannot take it at this point of its life; what the call only records (agent audio, the `error` that
// says why the socket closes, a pong) is taken here, and everything that moves the call on is handed to the
// session. The session owns the call's states; this only reads them.
import { parseServerMessage, type ServerMessage } from '../protocol/index.ts';
import type { Call } from './call.ts';
import type { CallState, SessionStats, ToolDetail } from './types.ts';

export type ReadyMessage = Extract<ServerMessage, { type: 'ready' }>;
type TranscriptMessage = Extract<ServerMessage, { type: 'transcript' }>;

/** What the session does with the messages that move the call on. */
export interface IncomingHandlers {
  /** `ready` while the call waits for it (set-up, or a reconnection). */
  ready(message: ReadyMessage): void;
  transcript(message: TranscriptMessage): void;
  interrupted(): void;
  tool(detail: ToolDetail): void;
  /** The service ended the call (`call.endedMessage` holds its message). */
  ended(): void;
}

/** Takes one socket message of `call`, which is in `state`. */
export function takeMessage(call: Call, state: CallState, stats: SessionStats, data: unknown, on: IncomingHandlers): void {
  const message = parseServerMessage(data);
  if (!message) {
    stats.droppedMessages++;
    return;
  }
  const verdict = admit(call, state, message);
  if (verdict === 'drop') stats.droppedMessages++;
  if (verdict !== 'take') return;
  switch (message.type) {
    case 'audio':
      stats.audioBytesReceived += message.pcm.byteLength;
      call.sink.write(call.samples.take(message.pcm));
      return;
    case 'error':
      call.lastError = { code: message.code, error: message.error };
      return;
    case 'pong':
      call.link.ponged();
      return;
    case 'ready':
      return on.ready(message);
    case 'transcript':
      return on.transcript(message);
    case 'interrupted':
      return on.interrupted();
    case 'tool': {
      const { type: _type, ...detail } = message;
      return on.tool(detail);
    }
    case 'ended':
      call.endedMessage = message;
      return on.ended();
  }
}

/** Whether the call takes `message` now, drops it (counted), or lets it go (agent audio arriving while the
 *  caller hangs up was on its way already: expected, so not counted). */
function admit(call: Call, state: CallState, message: ServerMessage): 'take' | 'drop' | 'let go' {
  // The call is over: nothing the service sends after `ended` is played or shown.
  if (call.endedMessage) return 'drop';
  // Before `ready` the service has nothing to say but `ready` or why it refuses.
  const beforeReady = call.startedAt === null || state === 'reconnecting';
  if (beforeReady && message.type !== 'ready' && message.type !== 'error') return 'drop';
  if (message.type === 'audio') {
    if (call.hangingUp) return 'let go';
    return state === 'live' || state === 'ending' ? 'take' : 'drop';
  }
  if (message.type === 'ready') return state === 'connecting' || state === 'reconnecting' ? 'take' : 'drop';
  return 'take';
}
