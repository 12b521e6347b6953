export interface PcmSound {
  sampleRate: number;
  samples: Float32Array;
}

/** Reads a mono 16-bit PCM WAV file. espeak-ng writes its header before it knows the length, so a
 *  data size larger than what follows is read as "up to the end". */
export function decodeWav(bytes: Uint8Array): PcmSound {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (view.getUint16(body, true) !== 1) throw new Error('WAV is not PCM');
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (channels !== 1 || bits !== 16) throw new Error(`WAV must be mono 16-bit (got ${channels} ch, ${bits} bit)`);
      const end = Math.min(bytes.length, body + size);
      const samples = new Float32Array(Math.floor((end - body) / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(body + 2 * i, true) / 32768;
      return { sampleRate, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}
