// Bench-only AudioWorkletProcessor, tapped onto the widget's output: keeps the peak of every render
// quantum of the last second in a ring, and on 'mark' posts that second and the next one, with the context
// frame (currentFrame) at which the mark arrived. Plain JavaScript (served as is); nothing grows during a long call.
const SECOND_QUANTA = 400;

class LevelProbe extends AudioWorkletProcessor {
  constructor() {
    super();
    this.ring = new Float32Array(SECOND_QUANTA);
    this.quanta = 0;
    this.marks = [];
    this.port.onmessage = (event) => {
      if (event.data !== 'mark') return;
      const before = [];
      for (let q = Math.max(0, this.quanta - SECOND_QUANTA); q < this.quanta; q++) before.push(this.ring[q % SECOND_QUANTA]);
      this.marks.push({ frame: currentFrame, before, after: [] });
    };
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    let peak = 0;
    const length = channel ? channel.length : 128;
    if (channel) for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(channel[i]));
    this.ring[this.quanta % SECOND_QUANTA] = peak;
    for (const mark of this.marks) mark.after.push(peak);
    this.marks = this.marks.filter((mark) => {
      if (mark.after.length < SECOND_QUANTA) return true;
      this.port.postMessage({ markFrame: mark.frame, quantumFrames: length, before: mark.before, after: mark.after });
      return false;
    });
    this.quanta++;
    return true;
  }
}

registerProcessor('bench-level-probe', LevelProbe);
