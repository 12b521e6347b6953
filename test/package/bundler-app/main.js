// An app that uses Lit itself and the widget: its bundle must hold one copy of Lit.
import { LitElement, html } from 'lit';
import 'voice-agent-widget';

customElements.define('app-root', class extends LitElement {
  render() {
    return html`<h1>Shop</h1>`;
  }
});
