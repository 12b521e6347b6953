// A page script (Playwright addInitScript; self-contained): the page's microphone opens `delayMs` later than the
// browser's own (a slow device, a Bluetooth headset waking up), and says when it did in window.__microphoneOpenedAt.

export interface SlowMicrophoneWindow {
  __microphoneOpenedAt?: number;
}

export function slowMicrophone(delayMs: number): void {
  const getUserMedia = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints) {
    const stream = await getUserMedia.call(this, constraints);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    (window as SlowMicrophoneWindow).__microphoneOpenedAt = performance.timeOrigin + performance.now();
    return stream;
  };
}
