// <voice-agent> in Vue 3: tell the template compiler that `voice-agent` is a custom element
// (`isCustomElement`), bind properties with `.prop` (or plain attributes), listen with `@voice-agent-…`.
// Served by `npm run demo` at /examples/vue/. This example compiles its template in the browser (Vue's
// full build); with single-file components and @vitejs/plugin-vue, the same `isCustomElement` goes in
// vue({ template: { compilerOptions: { isCustomElement } } }) in vite.config.
import { createApp, ref } from 'vue/dist/vue.esm-bundler.js';
// In your app: import 'voice-agent-widget';
import '../../src/voice-agent.ts';

const app = createApp({
  setup() {
    const widget = ref(null);
    const state = ref('idle');
    const agent = ref('');
    const lastLine = ref('');
    const muted = ref(false);
    return {
      widget,
      state,
      agent,
      lastLine,
      muted,
      onState: (event) => (state.value = event.detail.state),
      onReady: (event) => (agent.value = event.detail.agent.name),
      onTranscript: (event) => {
        if (event.detail.final) lastLine.value = event.detail.text;
      },
      call: () => widget.value?.start(),
      hangUp: () => widget.value?.end(),
    };
  },
  template: `
    <main>
      <h1>Support</h1>
      <voice-agent
        ref="widget"
        public-id="demo-en"
        layout="inline"
        lang="en"
        :muted.prop="muted"
        @voice-agent-state="onState"
        @voice-agent-ready="onReady"
        @voice-agent-transcript="onTranscript"
      ></voice-agent>
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
