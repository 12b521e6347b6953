// Installed in the bench page before it loads (Playwright addInitScript; it runs in the page, so it
// uses nothing from outside): epoch times of the widget's events, and a level probe tapped onto the
// agent voice's output (the worklet node with no inputs that connects to the destination).

export interface ProbeReport {
  /** Context frame and epoch milliseconds at which the page saw `voice-agent-interrupted`. */
  eventFrame: number;
  eventAt: number;
  sampleRate: number;
  /** Frame at which the mark reached the audio thread, the quantum length, and the peaks of the second
   *  before and the second after it. */
  markFrame: number;
  quantumFrames: number;
  before: number[];
  after: number[];
}

export interface BenchWindow {
  __bench: {
    events: { type: string; at: number }[];
    probes: ProbeReport[];
  };
}

export function instrumentPage(): void {
  const epoch = () => performance.timeOrigin + performance.now();
  const bench: BenchWindow['__bench'] = { events: [], probes: [] };
  (window as unknown as BenchWindow).__bench = bench;
  let probe: { node: AudioWorkletNode; context: BaseAudioContext } | null = null;
  let pendingEvents: { frame: number; at: number }[] = [];
  for (const type of ['state', 'ready', 'interrupted', 'ended', 'error']) {
    document.addEventListener(`voice-agent-${type}`, (event) => {
      bench.events.push({ type: type === 'state' ? `state:${(event as CustomEvent<{ state: string }>).detail.state}` : type, at: epoch() });
      if (type === 'interrupted' && probe) {
        pendingEvents.push({ frame: Math.round(probe.context.currentTime * probe.context.sampleRate), at: epoch() });
        probe.node.port.postMessage('mark');
      }
    });
  }
  const connect = AudioNode.prototype.connect as (this: AudioNode, destination: AudioNode, ...rest: number[]) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, destination: AudioNode | AudioParam, ...rest: number[]) {
    const result = (connect as (this: AudioNode, d: AudioNode | AudioParam, ...r: number[]) => AudioNode).call(this, destination, ...rest);
    if (destination instanceof AudioDestinationNode && this instanceof AudioWorkletNode && this.numberOfInputs === 0) {
      const context = this.context;
      const voice = this;
      void context.audioWorklet.addModule('/level-probe.worklet.js').then(() => {
        const node = new AudioWorkletNode(context, 'bench-level-probe', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1, channelCountMode: 'explicit' });
        node.port.onmessage = (event: MessageEvent<Omit<ProbeReport, 'eventFrame' | 'eventAt' | 'sampleRate'>>) => {
          const seen = pendingEvents.shift() ?? { frame: event.data.markFrame, at: NaN };
          bench.probes.push({ ...event.data, eventFrame: seen.frame, eventAt: seen.at, sampleRate: context.sampleRate });
        };
        connect.call(voice, node);
        connect.call(node, context.destination);
        probe = { node, context };
        pendingEvents = [];
      });
    }
    return result;
  } as typeof AudioNode.prototype.connect;
}
