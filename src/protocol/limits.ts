// Sizes and rates of the agent-call protocol (spec §4.10, §6). Shared by the widget and the simulator.

/** Largest message either side may send: a text frame's characters or a binary frame's bytes. */
export const MAX_MESSAGE_BYTES = 512 * 1024;
/** Transcript and error texts are clipped to this many characters. */
export const MAX_TEXT_CHARS = 20_000;
/** Agent names, tool names and `ended` reasons are clipped to this many characters. */
export const MAX_NAME_CHARS = 200;
/** A call's `maxSeconds` above this (a day) is read as a day: a countdown of months is never shown, whatever
 *  the service sends (like a `Retry-After` over a day, which the widget shows as "later"). */
export const MAX_CALL_SECONDS = 24 * 60 * 60;

/** Caller audio: 16 kHz, signed 16-bit little-endian, mono. */
export const UPLINK_SAMPLE_RATE = 16_000;
/** Agent audio: 24 kHz, signed 16-bit little-endian, mono. */
export const DOWNLINK_SAMPLE_RATE = 24_000;
/** Caller frames are 20 ms (320 samples) by default, 40 ms (640 samples) optionally. */
export const FRAME_MS = 20;
export const FRAME_SAMPLES = (UPLINK_SAMPLE_RATE * FRAME_MS) / 1000;
export const BYTES_PER_SAMPLE = 2;
