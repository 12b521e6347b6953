// Sets the lane's stage once per run: an X server and a PulseAudio loop of its own (their DISPLAY and
// PULSE_SERVER reach the workers and the browsers through the environment) and the visitor's voice. What is
// missing fails the run here, loudly: only SKIP_REAL_DEVICES=1 turns the lane into skipped tests.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { onPath } from '../env/browsers.mjs';
import { startDisplay } from './display.ts';
import { SKIP_VARIABLE, skipRequested } from './opt-out.ts';
import { startSoundLoop } from './sound-loop.ts';
import { ensureVisitorWav } from './visitor.ts';

const TOOLS = [
  ['pulseaudio', 'pulseaudio'],
  ['pactl', 'pulseaudio-utils'],
  ['paplay', 'pulseaudio-utils'],
  ['Xvfb', 'xvfb'],
];

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (skipRequested()) {
    console.log(`real-devices lane: skipped (${SKIP_VARIABLE}=1)`);
    return undefined;
  }
  const missing = TOOLS.filter(([tool]) => !onPath(tool!));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(' ');
    throw new Error(
      `the real-devices lane needs ${missing.map(([tool]) => tool).join(', ')}: run \`node test/env/provision.mjs\` as root ` +
        `(or apt-get install ${packages}), or set ${SKIP_VARIABLE}=1 to skip the lane`,
    );
  }
  if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'voice-agent.js'))) {
    throw new Error('the real-devices lane tests the built widget: run `npm run build` first');
  }
  await ensureVisitorWav();
  const display = await startDisplay();
  const loop = await startSoundLoop().catch(async (error: unknown) => {
    await display.stop();
    throw error;
  });
  process.env.DISPLAY = display.name;
  process.env.PULSE_SERVER = loop.server;
  process.env.LANE_PULSE_LOG = loop.log;
  process.env.LANE_PULSE_LOG_ORIGIN = String(loop.logOrigin);
  return async () => {
    await loop.stop();
    await display.stop();
  };
}
