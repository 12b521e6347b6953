// (e) A silent microphone on real devices: the loop's microphone (a PulseAudio source) carries a quiet room's noise,
// and the widget says nothing; muted with `pactl set-source-mute` (what a hardware mute switch or an input level
// at zero does), the source delivers digital silence while the browser's track stays live (Chromium also marks it
// muted), and the panel says so (`::part(silent-mic-notice)`) within 5 s of the agent falling quiet; unmuted, the
// notice goes.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../fixtures/signals.ts';
import { encodeWav } from '../fixtures/wav.ts';
import { expect, figure, startCall, test, widget } from './lane.ts';
import { MICROPHONE, pactl } from './sound-loop.ts';

const RATE = 48_000;
/** The room: white noise at −65 dBFS (quiet enough for the simulator not to take it for speech), 60 s of it (a
 *  test plays it once, in the background). */
function roomWav(): string {
  const dir = join(import.meta.dirname, '..', '.fixtures');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'room-noise-65dbfs-48k.wav');
  const random = mulberry32(65);
  const halfWidth = Math.sqrt(3) * 10 ** (-65 / 20);
  writeFileSync(path, encodeWav(Float32Array.from({ length: 60 * RATE }, () => (random() * 2 - 1) * halfWidth), RATE));
  return path;
}

test('a microphone muted at the sound server is said to be silent; unmuted, the notice goes', async ({ page, lane }, testInfo) => {
  const room = spawn('paplay', [roomWav()], { stdio: 'ignore' });
  const notice = widget(page).locator('[part="silent-mic-notice"]');
  try {
    await startCall(page, lane, { publicId: 'demo' });
    // The greeting, then the room alone: a live microphone is never taken for a silent one.
    await expect.poll(() => widget(page).evaluate((el) => (el as unknown as { stats: { playback: { drained: boolean } | null } }).stats.playback?.drained), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(6_000);
    await expect(notice).toHaveCount(0);

    pactl('set-source-mute', MICROPHONE, '1');
    // Every 50 ms until the notice shows: whether the agent's voice plays (silence counts only once it has stopped).
    const seen = await widget(page).evaluate(async (el) => {
      const samples: { at: number; notice: boolean; speaking: boolean }[] = [];
      const end = performance.now() + 20_000;
      while (performance.now() < end) {
        const notice = !!el.shadowRoot!.querySelector('[part="silent-mic-notice"]');
        const playback = (el as unknown as { stats: { playback: { drained: boolean } | null } }).stats.playback;
        samples.push({ at: performance.now(), notice, speaking: playback?.drained === false });
        if (notice) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return samples;
    });
    const shown = seen.at(-1)!;
    expect(shown.notice).toBe(true);
    const quietFrom = seen.findLast((sample) => sample.speaking)?.at ?? seen[0]!.at;
    const after = shown.at - quietFrom;
    figure(testInfo, `source muted: the notice ${((shown.at - seen[0]!.at) / 1000).toFixed(1)} s later, ${(after / 1000).toFixed(1)} s after the agent fell quiet`);
    expect(after).toBeLessThan(5_000);
    await expect(widget(page)).toHaveAttribute('state', 'live');

    pactl('set-source-mute', MICROPHONE, '0');
    await expect(notice).toHaveCount(0, { timeout: 5_000 });
  } finally {
    pactl('set-source-mute', MICROPHONE, '0');
    room.kill();
  }
});
