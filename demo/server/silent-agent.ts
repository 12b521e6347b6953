import type { AgentBehaviour, BehaviourContext } from './agent-behaviour.ts';
import { cleanTyped } from './typed-text.ts';

/** Goes live and never speaks; typed text is still recorded and echoed, as the service does for every agent. */
export class SilentAgent implements AgentBehaviour {
  readonly #context: BehaviourContext;

  constructor(context: BehaviourContext) {
    this.#context = context;
  }

  start(): void {}
  onAudio(): void {}
  onText(text: string): void {
    const clean = cleanTyped(text);
    if (!clean) return;
    this.#context.rememberTyped(clean);
    this.#context.channel.sendJson({ type: 'transcript', role: 'user', text: clean, final: true });
  }
  stop(): void {}
}
