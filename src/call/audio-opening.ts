// A call's audio, asked for as the call starts (in the task of the visitor's gesture, so the gesture counts), and
// what its ticket waits for. A microphone the browser has already granted seldom fails, and a typed call has none:
// the ticket then goes out at once, beside the audio's set-up. Otherwise the ticket waits for the microphone, so
// that a refusal costs none (each address may ask for 20 an hour, spec §4.9).
import { attempt } from './attempt.ts';
import type { Call } from './call.ts';
import { type CallError, toCallError } from './errors.ts';

export interface AudioOpening {
  /** The microphone is open. */
  opened: () => void;
  /** The microphone failed to open while the ticket did not wait for it. */
  refused: (error: CallError) => void;
  /** The agent's voice could not be opened, or broke down later. */
  failed: (error: CallError) => void;
}

/** Opens the call's microphone and the agent's voice now. Resolves when the ticket may be asked for; rejects with
 *  what failed when it waited for them. */
export function openCallAudio(call: Call, microphoneGranted: boolean, on: AudioOpening): Promise<void> {
  const microphone = call.microphone.request();
  const voice = attempt(() => call.sink.open(on.failed));
  if (microphone && !microphoneGranted) return Promise.all([microphone, voice]).then(on.opened);
  voice.catch((error: unknown) => on.failed(toCallError(error, 'AUDIO_UNSUPPORTED')));
  microphone?.then(on.opened, (error: unknown) => on.refused(toCallError(error, 'MIC_UNAVAILABLE')));
  return Promise.resolve();
}
