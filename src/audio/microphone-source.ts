// The page's microphone: getUserMedia once, a capture processor in the shared context, handed to the call's
// host on a port (its 16 kHz frames flow there from start() until close()).
import type { MicrophoneInput } from '../call/audio-ports.ts';
import { CallError, describeError } from '../call/errors.ts';
import type { FrameSamples } from '../../worklets/messages.ts';
import { claimAudioSession } from './audio-session.ts';
import { CaptureNode } from './capture-node.ts';
import type { GestureAudio } from './gesture-audio.ts';
import {
  canRequestMicrophone, checkedMicrophone, microphoneError, noMicrophoneApi, requestMicrophone, stopStream,
} from './microphone.ts';
import type { SharedAudioContext } from './shared-context.ts';

export interface MicrophoneSourceOptions {
  audioProcessing: boolean;
  inputDeviceId?: string | undefined;
  frameSamples?: FrameSamples | undefined;
  workletBaseUrl?: string | undefined;
  /** The microphone request made in the visitor's gesture, used by the first open instead of a new one. */
  gesture?: GestureAudio | undefined;
  /** Opening failed: the owner tears the rest of the call's audio down. */
  onOpenFailed?: ((error: CallError) => void) | undefined;
  /** The microphone asked for by `deviceId` (undefined: the default one) ended mid-call (unplugged, revoked):
   *  a chosen device that is gone should not be asked for again. */
  onDeviceEnded?: ((deviceId: string | undefined) => void) | undefined;
  /** The system holds the open microphone (another app, a phone call: its track is muted and sends silence),
   *  or gives it back. */
  onHeld?: ((held: boolean) => void) | undefined;
  /** Hands each capture processor's frames and levels to the call's host: the port of a new channel whose
   *  other end the processor posts to (a new one whenever the microphone is replaced). */
  pipe: (port: MessagePort) => void;
}

export class MicrophoneSource implements MicrophoneInput {
  #opening: Promise<void> | null = null;
  /** Bumped by every open and close, so an open that is overtaken by close() cleans up after itself. */
  #generation = 0;
  #stream: MediaStream | null = null;
  #capture: CaptureNode | null = null;
  #onFailure: ((error: CallError) => void) | null = null;
  #failure: CallError | null = null;
  #started = false;
  /** The default device being opened in place of one that ended. */
  #replacing: Promise<void> | null = null;
  /** The device asked for (the option, then the last switch). */
  #deviceId: string | undefined;
  /** Switches run one after the other. */
  #switching: Promise<void> = Promise.resolve();
  /** Last said through `onHeld`. */
  #held = false;
  /** Gives back the page's audio session, claimed from open() until the microphone is let go. */
  #releaseSession: (() => void) | null = null;

  constructor(
    private readonly shared: SharedAudioContext,
    private readonly options: MicrophoneSourceOptions,
  ) {
    this.#deviceId = options.inputDeviceId;
  }

  /** The microphone's stream while open (for a host's own analysers or diagnostics). */
  get mediaStream(): MediaStream | null {
    return this.#stream;
  }

  /** The pending or finished open() of this call, if any. */
  get opened(): Promise<void> | null {
    return this.#opening;
  }

  /** Synchronously asks for the microphone and then creates the shared context (both in the user's
   *  gesture, the microphone first: Safari fixes the context's rate when it is created); the capture
   *  processor is connected once the microphone is open. */
  open(): Promise<void> {
    if (this.#opening) return this.#opening;
    const generation = ++this.#generation;
    this.#failure = null;
    let streamRequest: Promise<MediaStream>;
    let context: AudioContext;
    try {
      // Claimed before the gesture gives up its own claim with its request, and before any request (iOS routes
      // by it); every failure below lets it go (#rejected).
      this.#releaseSession ??= claimAudioSession();
      const asked = this.options.gesture?.takeMicrophone();
      if (asked) {
        streamRequest = checkedMicrophone(asked);
      } else {
        // Without a microphone API there is no call: fail before creating a context.
        if (!canRequestMicrophone()) throw noMicrophoneApi();
        streamRequest = requestMicrophone({
          audioProcessing: this.options.audioProcessing,
          deviceId: this.#deviceId,
        });
      }
      try {
        context = this.shared.acquire(this);
      } catch (error) {
        streamRequest.then(stopStream, () => undefined);
        throw error;
      }
    } catch (error) {
      this.#opening = this.#rejected(generation, microphoneError(error));
      return this.#opening;
    }
    this.#opening = this.#connect(generation, context, streamRequest).catch((error: unknown) =>
      this.#rejected(generation, error instanceof CallError ? error : microphoneError(error)),
    );
    return this.#opening;
  }

  start(onFailure: (error: CallError) => void): void {
    this.#onFailure = onFailure;
    this.#started = true;
    if (this.#failure) {
      const failure = this.#failure;
      queueMicrotask(() => this.#report(failure));
      return;
    }
    this.#capture?.start();
  }

  /**
   * Moves the open call to another microphone without restarting it: the new device is opened, fed into
   * the running capture processor, and only then is the old one stopped (frames go on at the same pace).
   * Rejects with a CallError when the device cannot be opened; the call keeps the microphone it had.
   */
  switchDevice(deviceId: string): Promise<void> {
    const next = this.#switching.then(() => this.#replaceDevice(deviceId));
    this.#switching = next.catch(() => undefined);
    return next;
  }

  async #replaceDevice(deviceId: string): Promise<void> {
    const capture = this.#capture;
    if (!capture || this.#failure) throw new CallError('MIC_UNAVAILABLE', 'No microphone is open to switch from.');
    const generation = this.#generation;
    const stream = await requestMicrophone({ audioProcessing: this.options.audioProcessing, deviceId });
    // Closed (or failed) while the browser was opening the new device: nothing to switch any more.
    if (generation !== this.#generation || this.#capture !== capture) {
      stopStream(stream);
      throw new CallError('MIC_UNAVAILABLE', 'The call ended while the microphone was being switched.');
    }
    try {
      capture.replaceStream(stream);
    } catch (error) {
      // The browser would not connect the new device (Firefox refuses another rate): the call keeps the old one.
      stopStream(stream);
      throw new CallError('MIC_UNAVAILABLE', `The microphone could not be connected (${describeError(error)}).`);
    }
    const previous = this.#stream;
    this.#stream = stream;
    this.#deviceId = deviceId;
    this.#follow(stream, true);
    if (previous) {
      this.#follow(previous, false);
      stopStream(previous);
    }
    this.#heldChanged();
  }

  /** Follows `stream`'s track (or stops following it): ended (unplugged, revoked), muted and unmuted by the
   *  system. */
  #follow(stream: MediaStream, follow: boolean): void {
    for (const track of stream.getAudioTracks()) {
      for (const type of ['ended', 'mute', 'unmute']) {
        if (follow) track.addEventListener(type, this.#onTrack);
        else track.removeEventListener(type, this.#onTrack);
      }
    }
  }

  readonly #onTrack = (event: Event): void => (event.type === 'ended' ? this.#trackEnded() : this.#heldChanged());

  /** iOS mutes the track while a phone call or another app has the microphone: the call hears silence. */
  #heldChanged(): void {
    const held = this.#stream?.getAudioTracks().some((track) => track.muted) ?? false;
    if (held === this.#held) return;
    this.#held = held;
    this.options.onHeld?.(held);
  }

  close(): void {
    this.#generation++;
    this.#opening = null;
    this.#started = false;
    this.#onFailure = null;
    this.#release();
  }

  async #connect(generation: number, context: AudioContext, streamRequest: Promise<MediaStream>): Promise<void> {
    const stream = await streamRequest;
    // Closed while the browser was asking: nothing to report, nothing left open.
    if (generation !== this.#generation) return stopStream(stream);
    await this.#attach(generation, context, stream);
    // Now that the microphone is open the context may run (it usually already does).
    if (context.state === 'suspended') context.resume().catch(() => undefined);
  }

  /** Connects `stream` to a new capture processor, handed to the pipe; frames flow at once when the source is
   *  started. */
  async #attach(generation: number, context: AudioContext, stream: MediaStream): Promise<void> {
    this.#stream = stream;
    this.#follow(stream, true);
    this.#heldChanged();
    let capture: CaptureNode;
    try {
      capture = await CaptureNode.create(context, stream, {
        frameSamples: this.options.frameSamples ?? 320,
        workletBaseUrl: this.options.workletBaseUrl,
      });
    } catch (error) {
      if (error instanceof CallError) throw error;
      throw new CallError('AUDIO_UNSUPPORTED', `The microphone could not be connected to Web Audio (${describeError(error)}).`);
    }
    if (generation !== this.#generation) return capture.dispose();
    this.#capture = capture;
    const channel = new MessageChannel();
    capture.pipeTo(channel.port1);
    this.options.pipe(channel.port2);
    capture.onError = (message) => this.#fail(new CallError('MIC_UNAVAILABLE', message));
    if (this.#started) capture.start();
  }

  #rejected(generation: number, error: CallError): Promise<never> {
    if (generation === this.#generation) {
      this.#release();
      this.options.onOpenFailed?.(error);
    }
    return Promise.reject(error);
  }

  /** The microphone ended mid-call (unplugged, revoked): the default device takes over if there is one
   *  (permission was given for this call, so no gesture is needed); with none, the session hears of it. */
  #trackEnded(): void {
    if (this.#failure || this.#replacing) return;
    const generation = this.#generation;
    const context = this.shared.current;
    this.#releaseMicrophone();
    this.options.onDeviceEnded?.(this.#deviceId);
    const lost = () =>
      this.#fail(new CallError('MIC_UNAVAILABLE', 'The microphone stopped (unplugged, or taken by another application).'));
    if (!context || context.state === 'closed') return lost();
    this.#replacing = requestMicrophone({ audioProcessing: this.options.audioProcessing })
      .then(async (stream) => {
        if (generation !== this.#generation) return stopStream(stream);
        this.#deviceId = undefined;
        await this.#attach(generation, context, stream);
      })
      .catch(() => {
        if (generation === this.#generation) lost();
      })
      .finally(() => {
        this.#replacing = null;
      });
  }

  /** The microphone went away mid-call: frames stop, the session hears about it once. */
  #fail(error: CallError): void {
    if (this.#failure) return;
    this.#failure = error;
    this.#releaseMicrophone();
    if (this.#started) this.#report(error);
  }

  #report(error: CallError): void {
    const onFailure = this.#onFailure;
    this.#onFailure = null;
    onFailure?.(error);
  }

  #releaseMicrophone(): void {
    this.#capture?.dispose();
    this.#capture = null;
    if (this.#stream) {
      this.#follow(this.#stream, false);
      stopStream(this.#stream);
      this.#stream = null;
    }
    this.#heldChanged();
  }

  #release(): void {
    this.#releaseMicrophone();
    this.#releaseSession?.();
    this.#releaseSession = null;
    this.shared.release(this);
  }
}
