// Installed in the page before it loads (Playwright addInitScript; self-contained): taps an AnalyserNode onto the
// agent voice's output (the worklet node with no inputs that connects to the destination), reads what it rendered
// every 10 ms, and says when the voice was first heard and when each stretch of it ended (audible, then silent for
// 200 ms), in epoch milliseconds by the context's own output timestamps (what is heard when).
//
// An analyser rather than a worklet of the bench's own: a second addModule() beside the widget's froze Firefox's
// page now and then (every evaluate stuck until the test's timeout, 1 call in 6).

export interface VoiceWindow {
  __voice: { first: number | null; ends: number[] };
}

export function instrumentVoice(): void {
  const voice: VoiceWindow['__voice'] = { first: null, ends: [] };
  (window as unknown as VoiceWindow).__voice = voice;
  const AUDIBLE = 10 ** (-50 / 20);
  const GAP_SECONDS = 0.2;
  const connect = AudioNode.prototype.connect as (this: AudioNode, destination: AudioNode | AudioParam, ...rest: number[]) => AudioNode;

  function listen(output: AudioWorkletNode): void {
    const context = output.context as AudioContext;
    // The largest window there is (32,768 frames, 0.68 s at 48 kHz): a page busy for a while loses nothing.
    const analyser = new AnalyserNode(context, { fftSize: 32_768 });
    connect.call(output, analyser);
    const samples = new Float32Array(analyser.fftSize);
    const gapFrames = GAP_SECONDS * context.sampleRate;
    let readTo = 0; // the first frame not yet looked at
    let lastAudible = -1; // the frame after the last audible one
    let open = false;
    // Where the context's clock stands on the page's clock now, and so when a frame was heard.
    const heardAt = (frame: number) => {
      const { contextTime, performanceTime } = context.getOutputTimestamp();
      return performance.timeOrigin + performanceTime! + (frame / context.sampleRate - contextTime!) * 1000;
    };
    const poll = setInterval(() => {
      if (context.state === 'closed') return clearInterval(poll);
      // The analyser holds the last fftSize frames rendered, ending where the context's clock stands.
      const end = Math.round(context.currentTime * context.sampleRate);
      analyser.getFloatTimeDomainData(samples);
      for (let frame = Math.max(readTo, end - samples.length); frame < end; frame++) {
        if (Math.abs(samples[frame - end + samples.length]!) < AUDIBLE) continue;
        if (voice.first === null) voice.first = heardAt(frame);
        lastAudible = frame + 1;
        open = true;
      }
      readTo = end;
      if (open && end - lastAudible >= gapFrames) {
        open = false;
        voice.ends.push(heardAt(lastAudible));
      }
    }, 10);
  }

  AudioNode.prototype.connect = function (this: AudioNode, destination: AudioNode | AudioParam, ...rest: number[]) {
    const result = connect.call(this, destination, ...rest);
    if (destination instanceof AudioDestinationNode && this instanceof AudioWorkletNode && this.numberOfInputs === 0) listen(this);
    return result;
  } as typeof AudioNode.prototype.connect;
}
