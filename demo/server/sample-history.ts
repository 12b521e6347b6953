/** The last `capacity` samples of a stream, addressed by their absolute position in it. */
export class SampleHistory {
  readonly #ring: Int16Array;
  /** Samples appended since the start. */
  #total = 0;

  constructor(capacity: number) {
    this.#ring = new Int16Array(capacity);
  }

  get total(): number {
    return this.#total;
  }

  append(samples: Int16Array): void {
    const cap = this.#ring.length;
    const src = samples.length > cap ? samples.subarray(samples.length - cap) : samples;
    this.#total += samples.length - src.length;
    for (let i = 0; i < src.length; i++) this.#ring[(this.#total + i) % cap] = src[i]!;
    this.#total += src.length;
  }

  /** Samples [from, to) of the stream, clipped to what is still held. */
  slice(from: number, to: number): Int16Array {
    const start = Math.max(from, this.#total - this.#ring.length, 0);
    const end = Math.min(to, this.#total);
    const out = new Int16Array(Math.max(0, end - start));
    for (let i = 0; i < out.length; i++) out[i] = this.#ring[(start + i) % this.#ring.length]!;
    return out;
  }
}
