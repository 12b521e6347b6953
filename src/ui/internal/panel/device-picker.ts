// The microphone picker (and, where the browser can route the agent's voice, `AudioContext.setSinkId`,
// the speaker picker) shown during a call. Browsers name devices only once the page may use the
// microphone; until then they are numbered.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { html, nothing } from 'lit/html.js';
import { live } from 'lit/directives/live.js';
import type { Catalogue } from '../../i18n/catalogue.ts';

/** What the picker changes: the element's device properties and the running call's audio. */
export interface DeviceTarget {
  /** The microphone in use (its deviceId), or '' for the default. */
  inputDevice(): string;
  outputDevice(): string;
  /** Moves the call to this microphone (rejects when it cannot be opened; the call keeps the old one). */
  switchInput(deviceId: string): Promise<void>;
  switchOutput(deviceId: string): Promise<void>;
  /** The browser listed its devices by id (the page may use the microphone): a chosen device missing from the
   *  list (unplugged) is to be forgotten. */
  devicesListed?(inputs: readonly MediaDeviceInfo[], outputs: readonly MediaDeviceInfo[]): void;
}

/** True where the agent's voice can be sent to a chosen output device. */
export function canChooseOutput(): boolean {
  if (typeof AudioContext === 'undefined') return false;
  return typeof (AudioContext.prototype as { setSinkId?: unknown }).setSinkId === 'function';
}

export class DevicePicker implements ReactiveController {
  inputs: MediaDeviceInfo[] = [];
  outputs: MediaDeviceInfo[] = [];
  /** The last switch failed (said under the pickers until the next one). */
  failed = false;
  #listed = false;
  readonly #showing: () => boolean;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Whether the pickers show (a call is live): devices are listed when they start to. */
    showing: () => boolean,
    /** What the pickers change (the running call's, whichever call the element shows). */
    private readonly target: () => DeviceTarget,
  ) {
    this.#showing = showing;
    host.addController(this);
  }

  hostConnected(): void {
    navigator.mediaDevices?.addEventListener?.('devicechange', this.refresh);
  }

  hostDisconnected(): void {
    navigator.mediaDevices?.removeEventListener?.('devicechange', this.refresh);
  }

  hostUpdated(): void {
    const showing = this.#showing();
    if (showing && !this.#listed) void this.refresh();
    if (!showing) this.failed = false;
    this.#listed = showing;
  }

  readonly refresh = async (): Promise<void> => {
    if (typeof navigator.mediaDevices?.enumerateDevices !== 'function') return;
    try {
      const all = await navigator.mediaDevices.enumerateDevices();
      this.inputs = all.filter((device) => device.kind === 'audioinput' && device.deviceId);
      this.outputs = canChooseOutput() ? all.filter((device) => device.kind === 'audiooutput' && device.deviceId) : [];
      // Without the page's permission browsers list no ids: nothing can be said about a chosen device then.
      if (this.inputs.length > 0) this.target().devicesListed?.(this.inputs, this.outputs);
    } catch {
      this.inputs = this.outputs = [];
    }
    this.host.requestUpdate();
  };

  async #change(switching: Promise<void>): Promise<void> {
    try {
      await switching;
      this.failed = false;
    } catch {
      this.failed = true;
    }
    this.host.requestUpdate();
  }

  readonly #onInput = (event: Event): void => {
    void this.#change(this.target().switchInput((event.target as HTMLSelectElement).value));
  };

  readonly #onOutput = (event: Event): void => {
    void this.#change(this.target().switchOutput((event.target as HTMLSelectElement).value));
  };

  /** A disclosure ("Audio devices") with the pickers, closed unless `open` (a silent microphone's notice offers them:
   *  it opens as the notice comes, and the visitor may close it); nothing when the browser lists no microphone. */
  render(t: Catalogue, open = false) {
    if (!this.#showing() || this.inputs.length === 0) return nothing;
    const options = (devices: MediaDeviceInfo[], current: string, unnamed: (n: number) => string) =>
      devices.map(
        (device, i) =>
          // dir="auto": a device named by the system in Latin letters reads from its beginning in an Arabic
          // panel (an RTL select shows a label too long for it from its end, cutting off what tells it apart).
          html`<option value=${device.deviceId} dir="auto" ?selected=${device.deviceId === current}>
            ${device.label || (device.deviceId === 'default' ? t.defaultDevice : unnamed(i + 1))}
          </option>`,
      );
    const input = this.target().inputDevice();
    const output = this.target().outputDevice();
    return html`<details part="devices" class="devices" ?open=${open}>
      <summary id="devices-toggle">${t.devices}</summary>
      <label class="device-field">
        <span>${t.microphone}</span>
        <select part="microphone-select" @change=${this.#onInput} .value=${live(input || this.inputs[0]!.deviceId)}>
          ${options(this.inputs, input, t.unnamedMicrophone)}
        </select>
      </label>
      ${this.outputs.length
        ? html`<label class="device-field">
            <span>${t.speaker}</span>
            <select part="speaker-select" @change=${this.#onOutput} .value=${live(output || this.outputs[0]!.deviceId)}>
              ${options(this.outputs, output, t.unnamedSpeaker)}
            </select>
          </label>`
        : nothing}
      ${this.failed ? html`<p class="field-error" role="alert">${t.deviceFailed}</p>` : nothing}
    </details>`;
  }
}
