// The caller's side of the capture processor's messages, over whichever port reaches it: the node's on the main
// thread, or one handed to the call's worker. Plain data only: compiled with the DOM types and with the worker's.
import type { AudioLevel } from './messages.ts';

export type CaptureMessage = { frame: ArrayBuffer; level?: undefined } | { level: AudioLevel; frame?: undefined };

/** A frame (its buffer, whole samples) or a level, or null for anything else. */
export function readCaptureMessage(data: unknown): CaptureMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const event = data as { type?: unknown; frame?: unknown; rms?: unknown; peak?: unknown };
  if (event.type === 'frame' && isInt16Array(event.frame)) {
    const frame = event.frame;
    const whole = frame.byteOffset === 0 && frame.byteLength === frame.buffer.byteLength;
    return { frame: whole ? (frame.buffer as ArrayBuffer) : frame.slice().buffer };
  }
  if (event.type === 'level' && typeof event.rms === 'number' && typeof event.peak === 'number') {
    return { level: { rms: event.rms, peak: event.peak } };
  }
  return null;
}

/** Not `instanceof`: a polyfilled processor lives in another realm. */
function isInt16Array(value: unknown): value is Int16Array {
  return Object.prototype.toString.call(value) === '[object Int16Array]';
}
