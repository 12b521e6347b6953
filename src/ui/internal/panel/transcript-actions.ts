// Copy and Download of the conversation: side by side after a call (parts `copy-button`, `download-button`), in a
// small menu in the panel's header during one (it takes no room from the call's controls on a phone). Nothing is sent anywhere and nothing is stored: the text goes to the
// clipboard, or to a file the browser saves at once (`<a download>` over a Blob: no picker, no new tab). A control
// the page's frame forbids is not shown (the clipboard where its Permissions Policy says no, or refused once; downloads
// in a sandboxed frame without `allow-downloads`): never a dead button.
import type { ReactiveControllerHost } from 'lit';
import { html, nothing } from 'lit/html.js';
import type { Turn } from '../../../call/transcript.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { formatterFor } from '../../i18n/format.ts';
import { icons } from '../icons.ts';
import { forbiddenByPage } from '../microphone-policy.ts';
import { transcriptFileName, transcriptText } from '../transcript-text.ts';

/** What is saved: the conversation shown, the agent's name (none known: the catalogue's word) and when the call
 *  went live. */
export interface Conversation {
  turns: readonly Turn[];
  agentName: string | null | undefined;
  start: number | null;
}

export interface TranscriptActions {
  /** A new call: nothing of the last Copy is said. */
  reset(): void;
  /** The buttons (`menu`: folded into a small menu, during a call); nothing without a conversation, or where the
   *  page allows neither. */
  render(t: Catalogue, menu: boolean): unknown;
}

/** Whether this frame may save a file: not in a sandboxed frame without `allow-downloads`, as a same-origin parent
 *  shows it or an opaque origin says (a cross-origin sandbox that keeps its origin cannot be seen from inside). */
function downloadsAllowed(): boolean {
  const frame = window.frameElement as HTMLIFrameElement | null;
  return frame?.hasAttribute('sandbox') ? frame.sandbox.contains('allow-downloads') : window.origin !== 'null';
}

export function transcriptActions(host: ReactiveControllerHost & HTMLElement, conversation: () => Conversation): TranscriptActions {
  /** The last Copy worked (said beside the buttons until the next call), or the clipboard refused it. */
  let copied: boolean | null = null;
  const text = (t: Catalogue) => {
    const { turns, agentName, start } = conversation();
    const format = formatterFor(t.locale);
    return transcriptText(turns, {
      agentName: agentName || t.assistant, you: t.you, rtl: t.locale.startsWith('ar'), clock: (s) => format.clock(s), start,
    });
  };
  /** In the press (the clipboard asks for the visitor's gesture); a refusal hides Copy from then on. */
  const copy = (t: Catalogue) =>
    navigator.clipboard.writeText(text(t)).then(
      () => (copied = true),
      () => (copied = false),
    ).then(() => host.requestUpdate());
  /** A UTF-8 text file (with a byte order mark, so that older editors read Arabic right), saved at once. */
  const download = (t: Catalogue) => {
    const url = URL.createObjectURL(new Blob(['\uFEFF', text(t)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = transcriptFileName(conversation().turns[0]!.at);
    host.shadowRoot!.append(link);
    link.click();
    link.remove();
    // Let go once the browser has surely read it (at once can cancel the download in some browsers).
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return {
    reset: () => (copied = null),
    render(t, menu) {
      const canCopy = copied !== false && !!navigator.clipboard?.writeText && !forbiddenByPage('clipboard-write');
      const canDownload = downloadsAllowed();
      if (!conversation().turns.length || (!canCopy && !canDownload)) return nothing;
      const buttons = html`<div class="transcript-actions">
        ${canCopy ? html`<button part="copy-button" class="secondary" type="button" @click=${() => copy(t)}>${t.copy}</button>` : nothing}
        ${canDownload ? html`<button part="download-button" class="secondary" type="button" @click=${() => download(t)}>${t.download}</button>` : nothing}
        <span class="muted" aria-live="polite">${copied ? t.copied : ''}</span>
      </div>`;
      return menu
        ? html`<details class="menu"><summary id="conversation-toggle" aria-label=${t.saveConversation}>${icons.more}</summary>${buttons}</details>`
        : buttons;
    },
  };
}
