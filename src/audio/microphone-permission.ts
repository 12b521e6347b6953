// What the browser says of the page's right to the microphone (Permissions API), read at the visitor's first sign
// of interest and kept current. Only `granted` changes anything: a call then asks for its ticket beside the
// microphone instead of after it (a refusal is then rare enough not to cost a ticket in vain).

interface PermissionsLike {
  query(descriptor: { name: string }): Promise<{ state: string; onchange: ((event: Event) => void) | null }>;
}

export class MicrophonePermission {
  /** The last state the browser gave (`granted` | `denied` | `prompt`), or null where it cannot tell. */
  state: string | null = null;
  #asked = false;

  /** Asks once (later calls do nothing); the answer comes in the background, and each change after it. */
  watch(scope: { navigator?: { permissions?: Partial<PermissionsLike> } } = globalThis): void {
    if (this.#asked) return;
    this.#asked = true;
    const permissions = scope.navigator?.permissions;
    if (typeof permissions?.query !== 'function') return;
    // Firefox before 131 has no `microphone` name: it rejects, and the state stays unknown.
    permissions
      .query({ name: 'microphone' })
      .then((status) => {
        this.state = status.state;
        status.onchange = () => (this.state = status.state);
      })
      .catch(() => undefined);
  }

  get granted(): boolean {
    return this.state === 'granted';
  }
}

/** The page's (one per page: every widget of the page shares it). */
export const microphonePermission = new MicrophonePermission();
