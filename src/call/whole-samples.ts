// Agent audio as whole 16-bit samples: a chunk with an odd byte count keeps its stray byte for the next one,
// so one odd chunk cannot shift every sample after it by a byte.

export class WholeSamples {
  #carried: number | null = null;

  /** `pcm` after the byte carried from the chunk before it, cut to whole samples (the rest is carried). */
  take(pcm: ArrayBuffer): ArrayBuffer {
    if (pcm.byteLength === 0) return pcm; // an empty frame: nothing to join (the carried byte waits on)
    const carried = this.#carried;
    const total = pcm.byteLength + (carried === null ? 0 : 1);
    if (carried === null && total % 2 === 0) return pcm;
    const bytes = new Uint8Array(total - (total % 2));
    const input = new Uint8Array(pcm);
    let offset = 0;
    if (carried !== null) bytes[offset++] = carried;
    bytes.set(input.subarray(0, bytes.length - offset), offset);
    this.#carried = total % 2 ? (input[input.length - 1] ?? null) : null;
    return bytes.buffer;
  }

  /** Drops the carried byte: the audio it belonged to was stopped, or the line dropped. */
  reset(): void {
    this.#carried = null;
  }
}
