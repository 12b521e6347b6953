// A typed message as the service takes it (spec §6.2: `{type: "text", text}`, within the message size limit).
import { byteLength, MAX_MESSAGE_BYTES } from '../protocol/index.ts';

/** The `text` message for what the visitor typed; null when there is nothing to send. Throws a RangeError
 *  when it is longer than a message may be. */
export function typedText(text: unknown): { type: 'text'; text: string } | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  const message = { type: 'text' as const, text };
  const bytes = byteLength(JSON.stringify(message));
  if (bytes > MAX_MESSAGE_BYTES) {
    throw new RangeError(`voice-agent: the text is too long to send (${bytes} bytes; a message may not exceed ${MAX_MESSAGE_BYTES})`);
  }
  return message;
}
