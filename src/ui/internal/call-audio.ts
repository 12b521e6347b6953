// The audio of a call (the current or last one of a CallController): the engine its element asks for, what the
// browser or the system does to it (held until a tap, the microphone held or gone) and the device rules (the
// pickers switch the running call; a chosen device that is gone is forgotten).
import { AudioEngine } from '../../audio/audio-engine.ts';
import { isActive } from '../../call/state-machine.ts';
import type { GestureAudio } from '../../audio/gesture-audio.ts';
import type { PipedAudio, PipedAudioRequest } from '../../call/audio-ports.ts';
import type { PanelErrorCode } from '../i18n/catalogue.ts';
import type { CallController, CallHost } from './panel/call-controller.ts';
import type { DeviceTarget } from './panel/device-picker.ts';

type DeviceProperty = 'inputDeviceId' | 'outputDeviceId';

/** The element's audio settings (its attributes and device properties). */
export interface AudioSettings {
  readonly audioProcessing: string;
  readonly workletBase: string;
  readonly inputDeviceId: string;
  readonly outputDeviceId: string;
}

export class CallAudio {
  /** The browser holds the call's audio until the visitor taps ("Tap to continue"). */
  needsTap = false;
  /** The microphone went away mid-call: the call goes on typed. */
  microphoneLost = false;
  /** Why the microphone asked for beside the ticket was refused, when the call went on typed for it. */
  microphoneRefused: PanelErrorCode | null = null;
  /** The system holds the microphone (another app, a phone call): the agent hears silence until it is back. */
  microphoneHeld = false;
  /** The microphone sends only digital silence (a mute switch, a wrong device, an input level at zero). */
  microphoneSilent = false;
  #engine: AudioEngine | null = null;
  readonly #call: CallController;

  constructor(call: CallController) {
    this.#call = call;
    call.session.on('microphone', ({ on, lost, refused }) =>
      this.#changed(() => {
        this.microphoneLost = !!lost;
        this.microphoneRefused = refused && refused !== 'LOAD_FAILED' ? refused : null;
        if (on) this.microphoneSilent = false;
      }),
    );
    call.session.on('silence', ({ silent }) => this.#changed(() => (this.microphoneSilent = silent)));
  }

  /** `on` while the call under way uses a microphone (open, or asked for), else `off`. */
  get microphone(): 'on' | 'off' {
    const { state, session } = this.#call;
    return isActive(state) && state !== 'ending' && session.microphone ? 'on' : 'off';
  }

  /** The visitor types instead (`off`: the microphone is let go, its tracks stopped) or talks again (`on`: asked
   *  for now, so in their gesture). Only during a live call (or one reconnecting). */
  set microphone(value: 'on' | 'off') {
    this.#changed(() => this.#call.session.setMicrophone(value === 'on'));
  }

  /** What the device pickers change: the element's device properties and the running call's audio. */
  readonly devices: DeviceTarget = {
    inputDevice: () =>
      this.#host?.inputDeviceId || this.#engine?.inputStream?.getAudioTracks()[0]?.getSettings().deviceId || '',
    outputDevice: () => this.#host?.outputDeviceId ?? '',
    switchInput: async (deviceId) => {
      await this.#engine?.setInputDevice(deviceId);
      if (this.#host) this.#host.inputDeviceId = deviceId;
    },
    switchOutput: async (deviceId) => {
      await this.#engine?.setOutputDevice(deviceId);
      if (this.#host) this.#host.outputDeviceId = deviceId;
    },
    devicesListed: (inputs, outputs) => {
      const gone = (id: string, devices: readonly MediaDeviceInfo[]) => !devices.some((d) => d.deviceId === id);
      const host = this.#host;
      if (host && gone(host.inputDeviceId, inputs)) this.#forget('inputDeviceId', host.inputDeviceId);
      if (host && outputs.length > 0 && gone(host.outputDeviceId, outputs)) this.#forget('outputDeviceId', host.outputDeviceId);
    },
  };

  /** The real audio of a call of `element` (its settings, what the gesture opened): the microphone and the
   *  agent's voice on one AudioEngine, their processors handed to the call's host through the request's `pipe`. */
  createFor(element: AudioSettings, { pipe }: PipedAudioRequest, gesture: GestureAudio | null): PipedAudio {
    const engine = new AudioEngine({
      pipe,
      audioProcessing: element.audioProcessing !== 'off',
      workletBaseUrl: element.workletBase || undefined,
      inputDeviceId: element.inputDeviceId || undefined,
      outputDeviceId: element.outputDeviceId || undefined,
      gesture: gesture ?? undefined,
      onNeedsGesture: (needsTap) => this.#changed(() => (this.needsTap = needsTap)),
      onInputDeviceEnded: (deviceId) => this.#forget('inputDeviceId', deviceId),
      onInputHeld: (held) => this.#changed(() => (this.microphoneHeld = held)),
    });
    this.#engine = engine;
    return { source: engine.source, sink: engine.sink };
  }

  /** A new call: nothing of the last one's audio is said any more. */
  reset(): void {
    this.needsTap = this.microphoneLost = this.microphoneHeld = this.microphoneSilent = false;
    this.microphoneRefused = null;
  }

  /** Resumes the call's audio held by the browser; call it synchronously inside the visitor's tap. */
  resume(): void {
    this.#engine?.resumeAudio();
  }

  get #host(): CallHost | null {
    return this.#call.host;
  }

  #changed(apply: () => void): void {
    apply();
    this.#host?.requestUpdate();
  }

  /** A chosen device that is gone (unplugged, a headset switched off) is not the choice any more: the picker
   *  shows the default device that took over, and the next call does not ask for the gone one with `exact`
   *  (which fails with MIC_UNAVAILABLE every time). */
  #forget(property: DeviceProperty, deviceId: string | undefined): void {
    const host = this.#host;
    if (host && deviceId && host[property] === deviceId) host[property] = '';
    host?.requestUpdate();
  }
}
