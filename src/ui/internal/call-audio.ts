// The audio of the current or last call as the panel sees it: the engine the element asks for, what the
// browser or the system does to it (held until a tap, the microphone held or gone) and the device rules (the
// pickers switch the running call; a chosen device that is gone is forgotten).
import type { PlaybackStatus } from '../../audio/audio-engine.ts';
import type { CallUiHost } from './call-ui.ts';
import { type BrowserAudio, type BrowserAudioOptions, createBrowserAudio } from './panel/browser-audio.ts';
import type { CallController } from './panel/call-controller.ts';
import { DevicePicker } from './panel/device-picker.ts';

type DeviceProperty = 'inputDeviceId' | 'outputDeviceId';

export class CallAudio {
  /** The browser holds the call's audio until the visitor taps ("Tap to continue"). */
  needsTap = false;
  /** The microphone went away mid-call: the call goes on typed. */
  microphoneLost = false;
  /** The system holds the microphone (another app, a phone call): the agent hears silence until it is back. */
  microphoneHeld = false;
  readonly devices: DevicePicker;
  #audio: BrowserAudio | null = null;
  readonly #host: CallUiHost;
  readonly #call: CallController;

  constructor(host: CallUiHost, call: CallController, onMicrophoneLost: () => void) {
    this.#host = host;
    this.#call = call;
    // Only while a call with a microphone is live (a typed call has none to choose).
    this.devices = new DevicePicker(host, () => call.state === 'live' && !!call.session.microphone, {
      inputDevice: () =>
        host.inputDeviceId || this.#audio?.engine.inputStream?.getAudioTracks()[0]?.getSettings().deviceId || '',
      outputDevice: () => host.outputDeviceId,
      switchInput: async (deviceId) => {
        await this.#audio?.engine.setInputDevice(deviceId);
        host.inputDeviceId = deviceId;
      },
      switchOutput: async (deviceId) => {
        await this.#audio?.engine.setOutputDevice(deviceId);
        host.outputDeviceId = deviceId;
      },
      devicesListed: (inputs, outputs) => {
        const gone = (id: string, devices: readonly MediaDeviceInfo[]) => !devices.some((d) => d.deviceId === id);
        if (gone(host.inputDeviceId, inputs)) this.#forget('inputDeviceId', host.inputDeviceId);
        if (outputs.length > 0 && gone(host.outputDeviceId, outputs)) this.#forget('outputDeviceId', host.outputDeviceId);
      },
    });
    call.session.on('microphone', () => {
      this.microphoneLost = true;
      host.requestUpdate();
      onMicrophoneLost();
    });
  }

  /** The real audio (microphone and agent voice), with its levels feeding the meters. */
  create(options: Omit<BrowserAudioOptions, 'onLevels'>): BrowserAudio {
    const changed = (apply: () => void) => {
      apply();
      this.#host.requestUpdate();
    };
    this.#audio = createBrowserAudio({
      ...options,
      onLevels: (input, output, speaking) => this.#call.setLevels(input, output, speaking),
      onNeedsGesture: (needsTap) => changed(() => (this.needsTap = needsTap)),
      onInputDeviceEnded: (deviceId) => this.#forget('inputDeviceId', deviceId),
      onInputHeld: (held) => changed(() => (this.microphoneHeld = held)),
    });
    return this.#audio;
  }

  /** A new call: nothing of the last one's audio is said any more. */
  reset(): void {
    this.needsTap = this.microphoneLost = this.microphoneHeld = false;
  }

  /** Resumes the call's audio held by the browser; call it synchronously inside the visitor's tap. */
  resume(): void {
    this.#audio?.engine.resumeAudio();
  }

  /** The agent voice's playback (queue, played position, underruns); null without audio. */
  get playback(): PlaybackStatus | null {
    return this.#audio?.engine.playback ?? null;
  }

  /** A chosen device that is gone (unplugged, a headset switched off) is not the choice any more: the picker
   *  shows the default device that took over, and the next call does not ask for the gone one with `exact`
   *  (which fails with MIC_UNAVAILABLE every time). */
  #forget(property: DeviceProperty, deviceId: string | undefined): void {
    if (deviceId && this.#host[property] === deviceId) this.#host[property] = '';
    this.#host.requestUpdate();
  }
}
