// <voice-agent> in Vue 3: tell the template compiler that `voice-agent` is a custom element
// (`isCustomElement`), bind properties with `.prop` (or plain attributes), listen with `@voice-agent-…`.
// Served by `npm run demo` at /examples/vue/. This example compiles its template in the browser (Vue's
// full build); with single-file components and @vitejs/plugin-vue, the same `isCustomElement` goes in
// vue({ template: { compilerOptions: { isCustomElement } } }) in vite.config.
// Two pages of a single-page app kept alive (<KeepAlive>), each with its own <voice-agent>: a route change
// during a call takes the element off the page and shows the other page's, which takes the call over (a call
// belongs to the page, not to one element); going back, the first takes it back.
import { createApp, defineComponent, inject, KeepAlive, onActivated, onMounted, provide, ref } from 'vue/dist/vue.esm-bundler.js';
// In your app: import 'voice-agent-widget';
import '../../src/voice-agent.ts';

const page = (title) =>
  defineComponent({
    name: title,
    setup() {
      const shared = inject('widget');
      // The page's buttons act on the element of the page shown (a hidden page's stays in memory).
      const element = ref(null);
      const shown = () => (shared.widget.value = element.value);
      onMounted(shown);
      onActivated(shown);
      return { ...shared, element };
    },
    template: `
      <section>
        <h1>${title}</h1>
        <voice-agent
          ref="element"
          public-id="demo-en"
          layout="inline"
          lang="en"
          :muted.prop="muted"
          @voice-agent-state="onState"
          @voice-agent-ready="onReady"
          @voice-agent-transcript="onTranscript"
        ></voice-agent>
      </section>`,
  });
const PAGES = { support: page('Support'), pricing: page('Pricing') };

const app = createApp({
  components: { KeepAlive },
  setup() {
    const widget = ref(null);
    const route = ref('support');
    const state = ref('idle');
    const agent = ref('');
    const lastLine = ref('');
    const muted = ref(false);
    const shared = {
      widget,
      muted,
      onState: (event) => (state.value = event.detail.state),
      onReady: (event) => (agent.value = event.detail.agent.name),
      onTranscript: (event) => {
        if (event.detail.final) lastLine.value = event.detail.text;
      },
    };
    provide('widget', shared);
    return {
      ...shared,
      route,
      pages: PAGES,
      state,
      agent,
      lastLine,
      call: () => widget.value?.start(),
      hangUp: () => widget.value?.end(),
    };
  },
  template: `
    <main>
      <nav style="display: flex; gap: 1rem">
        <a v-for="(component, id) in pages" :key="id" :href="'#' + id" :id="'page-link-' + id"
          :aria-current="route === id ? 'page' : null" @click.prevent="route = id">{{ component.name }}</a>
      </nav>
      <KeepAlive><component :is="pages[route]" /></KeepAlive>
      <p>
        State: <output id="page-state">{{ state }}</output>
        <template v-if="agent"> · Agent: <output id="page-agent">{{ agent }}</output></template>
      </p>
      <p v-if="lastLine" id="page-last-line">{{ lastLine }}</p>
      <label><input type="checkbox" id="page-mute" v-model="muted" /> Mute</label>
      <button type="button" id="page-call" @click="call">Call from the page</button>
      <button type="button" id="page-end" @click="hangUp">Hang up</button>
    </main>`,
});
app.config.compilerOptions.isCustomElement = (tag) => tag === 'voice-agent';
app.mount('#app');
