// Bench-only AudioWorkletProcessor, tapped onto the widget's output: says when the agent's voice is first heard,
// and when each stretch of it ends (audible, then silent for 200 ms), by the context's frame. Plain JavaScript
// (served as is); it posts a few messages a call and keeps nothing that grows.
const AUDIBLE = 10 ** (-50 / 20);
const GAP_FRAMES = 0.2 * sampleRate;

class VoiceProbe extends AudioWorkletProcessor {
  constructor() {
    super();
    this.heard = false;
    this.lastAudible = -1;
    this.open = false;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    let peak = 0;
    for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]));
    if (peak >= AUDIBLE) {
      if (!this.heard) this.port.postMessage({ type: 'first', frame: currentFrame });
      this.heard = true;
      this.open = true;
      this.lastAudible = currentFrame + channel.length;
    } else if (this.open && currentFrame - this.lastAudible >= GAP_FRAMES) {
      this.open = false;
      this.port.postMessage({ type: 'end', frame: this.lastAudible });
    }
    return true;
  }
}

registerProcessor('bench-voice-probe', VoiceProbe);
