// Keeps a call's AudioContext running. The browser may stop it mid-call: `suspended` (autoplay rules, a
// page in the background, a device change) or WebKit's `interrupted` (a phone call, Siri, another app on
// iOS). The keeper notices each change at once, asks the context to resume, and when that does not work
// without a gesture says so (`onNeedsGesture(true)`), so the panel can offer "Tap to continue": the tap
// calls `resumeInGesture()`, synchronously inside the visitor's gesture.

/** What the keeper needs of an AudioContext (its `state` includes WebKit's `interrupted`). */
export interface KeptContext {
  readonly state: string;
  resume(): Promise<void>;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}

export interface ContextKeeperOptions {
  /** True while the context will not run until the visitor taps; false once it runs again. */
  onNeedsGesture: (needsGesture: boolean) => void;
  /** How long a resume may take before a gesture is asked for. */
  gestureWaitMs?: number;
}

const DEFAULT_GESTURE_WAIT_MS = 400;

export class ContextKeeper {
  #needsGesture = false;
  #waiting: ReturnType<typeof setTimeout> | null = null;
  #disposed = false;
  readonly #gestureWaitMs: number;
  readonly #options: ContextKeeperOptions;

  constructor(
    private readonly context: KeptContext,
    options: ContextKeeperOptions,
  ) {
    this.#options = options;
    this.#gestureWaitMs = options.gestureWaitMs ?? DEFAULT_GESTURE_WAIT_MS;
    context.addEventListener('statechange', this.check);
  }

  /** Whether the context is waiting for the visitor's tap. */
  get waitingForGesture(): boolean {
    return this.#needsGesture;
  }

  /** Looks at the context now (also after the page is shown again): resumes it when it is not running. */
  readonly check = (): void => {
    if (this.#disposed) return;
    const { state } = this.context;
    if (state === 'running') return this.#settle(false);
    if (state === 'closed') return this.#settle(false);
    // `suspended` or `interrupted`: ask now; if it does not run soon, only a gesture will do.
    this.#tryResume();
    if (this.#waiting === null) {
      this.#waiting = setTimeout(() => {
        this.#waiting = null;
        if (!this.#disposed && this.context.state !== 'running' && this.context.state !== 'closed') this.#settle(true);
      }, this.#gestureWaitMs);
    }
  };

  /** The visitor tapped: resume in this same gesture (no `await` before it). */
  resumeInGesture(): void {
    if (this.#disposed) return;
    this.#tryResume();
  }

  dispose(): void {
    this.#disposed = true;
    this.context.removeEventListener('statechange', this.check);
    if (this.#waiting !== null) clearTimeout(this.#waiting);
    this.#waiting = null;
  }

  #tryResume(): void {
    let resumed: Promise<void>;
    try {
      resumed = this.context.resume();
    } catch {
      return;
    }
    // A refusal (no gesture yet, an interruption still under way) is answered by the gesture wait.
    resumed.then(
      () => {
        if (!this.#disposed && this.context.state === 'running') this.#settle(false);
      },
      () => undefined,
    );
  }

  #settle(needsGesture: boolean): void {
    if (!needsGesture && this.#waiting !== null) {
      clearTimeout(this.#waiting);
      this.#waiting = null;
    }
    if (needsGesture === this.#needsGesture) return;
    this.#needsGesture = needsGesture;
    this.#options.onNeedsGesture(needsGesture);
  }
}
