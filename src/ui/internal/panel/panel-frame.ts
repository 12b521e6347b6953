// The panel around its header and body (a non-modal dialog when floating, a modal one as a phone's sheet, a
// region inline), and the widget's status live region and finished-turns announcer beside it.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { type ElementRef, ref } from './element-ref.ts';

export interface FrameProps {
  /** Set to the panel (focus moves start from it). */
  panel: ElementRef;
  floating: boolean;
  open: boolean;
  modal: boolean;
  /** The panel holds a conversation: it takes its full height. */
  tall: boolean;
  state: string;
  header: TemplateResult;
  body: unknown;
  /** What the status region says now. */
  said: string;
  announcer: unknown;
}

export function panelFrame({ panel, floating, open, modal, tall, state, header, body, said, announcer }: FrameProps) {
  return html`<section
      ${ref(panel)}
      part="panel"
      id="panel"
      class="panel ${tall ? 'tall' : ''}"
      role=${floating ? 'dialog' : 'region'}
      aria-modal=${modal ? 'true' : nothing}
      aria-labelledby="agent-name"
      tabindex="-1"
      ?hidden=${floating && !open}
    >
      ${header}
      <div part="body" class="body state-${state}">${body}</div>
    </section>
    <div class="visually-hidden" role="status">${said}</div>
    ${announcer}`;
}
