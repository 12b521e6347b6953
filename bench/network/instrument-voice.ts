// Installed in the network bench's page before it loads (Playwright addInitScript; self-contained): taps the voice
// probe onto the agent voice's output (the worklet node with no inputs that connects to the destination) and turns
// its frames into epoch milliseconds with the context's own output timestamps (what is heard when).

export interface VoiceWindow {
  __voice: { first: number | null; ends: number[] };
}

export function instrumentVoice(): void {
  const voice: VoiceWindow['__voice'] = { first: null, ends: [] };
  (window as unknown as VoiceWindow).__voice = voice;
  // The probe's module is loaded with the widget's own, before the widget's addModule() resolves: loading a module
  // once the call's audio renders froze Firefox's page (every evaluate stuck for a minute, now and then).
  const probeLoaded = new WeakMap<AudioWorklet, Promise<void>>();
  const addModule = AudioWorklet.prototype.addModule;
  AudioWorklet.prototype.addModule = function (this: AudioWorklet, url: string | URL, options?: WorkletOptions) {
    const own = addModule.call(this, url, options);
    if (probeLoaded.has(this)) return own;
    const both = own.then(() => addModule.call(this, '/voice-probe.worklet.js'));
    probeLoaded.set(this, both);
    return both;
  };
  const connect = AudioNode.prototype.connect as (this: AudioNode, destination: AudioNode, ...rest: number[]) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, destination: AudioNode | AudioParam, ...rest: number[]) {
    const result = (connect as (this: AudioNode, d: AudioNode | AudioParam, ...r: number[]) => AudioNode).call(this, destination, ...rest);
    if (destination instanceof AudioDestinationNode && this instanceof AudioWorkletNode && this.numberOfInputs === 0) {
      const context = this.context as AudioContext;
      const output = this;
      void probeLoaded.get(context.audioWorklet)?.then(() => {
        const probe = new AudioWorkletNode(context, 'bench-voice-probe', { numberOfInputs: 1, numberOfOutputs: 0 });
        probe.port.onmessage = (event: MessageEvent<{ type: 'first' | 'end'; frame: number }>) => {
          // Where the context's clock stands on the page's clock now, and so when that frame was heard.
          const { contextTime, performanceTime } = context.getOutputTimestamp();
          const at = performance.timeOrigin + performanceTime! + (event.data.frame / context.sampleRate - contextTime!) * 1000;
          if (event.data.type === 'first') voice.first ??= at;
          else voice.ends.push(at);
        };
        connect.call(output, probe);
      });
    }
    return result;
  } as typeof AudioNode.prototype.connect;
}
