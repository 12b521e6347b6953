export interface WidgetSettings {
  publicId: string;
  /** '' = automatic (the agent's language, else the page's). */
  lang: string;
  audioProcessing: boolean;
  layout: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The two lines an agent owner pastes into their site. `origin` serves voice-agent.js and the service. */
export function embedSnippet(origin: string, settings: WidgetSettings): string {
  const attributes = [`public-id="${escape(settings.publicId)}"`];
  if (settings.lang) attributes.push(`lang="${escape(settings.lang)}"`);
  if (!settings.audioProcessing) attributes.push('audio-processing="off"');
  if (settings.layout && settings.layout !== 'floating') attributes.push(`layout="${escape(settings.layout)}"`);
  return [
    `<script type="module" src="${escape(origin)}/voice-agent.js"></script>`,
    `<voice-agent ${attributes.join(' ')}></voice-agent>`,
  ].join('\n');
}
