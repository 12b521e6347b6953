// The lane's own PulseAudio daemon, beside any other sound server: a null sink `spk` is the speaker and `mic`,
// remapped from its monitor (Chromium lists no monitor source), the microphone, so what the browser plays
// comes straight back up its microphone, and `paplay` into `spk` is the visitor talking. Every client (the
// browsers, pactl, paplay) reaches it through PULSE_SERVER. Recipe: shared/notes/testing-recipe.md.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const SPEAKER = 'spk';
export const MICROPHONE = 'mic';

export interface SoundLoop {
  /** PULSE_SERVER for every client. */
  server: string;
  /** The daemon's debug log, and when it started (ms since the epoch): its lines carry seconds since then. */
  log: string;
  logOrigin: number;
  stop(): Promise<void>;
}

export async function startSoundLoop(): Promise<SoundLoop> {
  const dir = mkdtempSync(join(tmpdir(), 'voice-agent-loop-'));
  const server = `unix:${dir}/pulse.sock`;
  const log = join(dir, 'pulseaudio.log');
  const logOrigin = Date.now();
  const daemon = spawn(
    'pulseaudio',
    [
      '-n',
      '--daemonize=no',
      '--use-pid-file=no',
      '--exit-idle-time=-1',
      '--disallow-exit',
      // Debug lines, timed: where a browser's stream underran (streamUnderruns below).
      '--log-level=debug',
      '--log-time=1',
      `--load=module-null-sink sink_name=${SPEAKER} rate=48000 sink_properties="device.description='Loop speaker'"`,
      `--load=module-native-protocol-unix auth-anonymous=1 socket=${dir}/pulse.sock`,
    ],
    { env: { ...process.env, XDG_RUNTIME_DIR: dir, PULSE_RUNTIME_PATH: dir, HOME: dir }, stdio: ['ignore', 'ignore', openSync(log, 'w')] },
  );
  const killOnExit = () => daemon.kill();
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()));
  const stop = async () => {
    process.off('exit', killOnExit);
    daemon.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 10_000;
    while (spawnSync('pactl', ['info'], { env: { ...process.env, PULSE_SERVER: server }, stdio: 'ignore' }).status !== 0) {
      if (daemon.exitCode !== null || Date.now() > deadline) throw new Error(`PulseAudio did not start:\n${readFileSync(log, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pactl = (...args: string[]) => runPactl(server, args);
    pactl('load-module', 'module-remap-source', `source_name=${MICROPHONE}`, `master=${SPEAKER}.monitor`, description('source', 'Loop microphone'));
    pactl('set-default-sink', SPEAKER);
    pactl('set-default-source', MICROPHONE);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, log, logOrigin, stop };
}

/** `pactl …` on the lane's daemon (PULSE_SERVER, set by the global setup); its output. */
export function pactl(...args: string[]): string {
  const server = process.env.PULSE_SERVER;
  if (!server) throw new Error('PULSE_SERVER is not set: the lane runs through playwright.devices.config.ts');
  return runPactl(server, args);
}

function runPactl(server: string, args: string[]): string {
  const result = spawnSync('pactl', args, { env: { ...process.env, PULSE_SERVER: server }, encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) throw new Error(`pactl ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout.trim();
}

/** A `sink_properties=…`/`source_properties=…` argument giving the device the name browsers show. */
function description(kind: 'sink' | 'source', name: string): string {
  return `${kind}_properties="device.description='${name}'"`;
}

export interface Device {
  /** The sink's name, what paplay plays into. */
  sink: string;
  /** The labels browsers list: the speaker and the microphone hearing it. */
  speakerLabel: string;
  microphoneLabel: string;
  /** Unloads both modules: the device is pulled out. */
  unplug(): void;
}

/** Plugs in a device: a null sink (its speaker) and a source remapped from its monitor (its microphone). */
export function plugIn(name: string, label: string): Device {
  const speakerLabel = `${label} speaker`;
  const microphoneLabel = `${label} microphone`;
  const sinkModule = pactl('load-module', 'module-null-sink', `sink_name=${name}`, 'rate=48000', description('sink', speakerLabel));
  const sourceModule = pactl(
    'load-module',
    'module-remap-source',
    `source_name=${name}_mic`,
    `master=${name}.monitor`,
    description('source', microphoneLabel),
  );
  let plugged = true;
  return {
    sink: name,
    speakerLabel,
    microphoneLabel,
    unplug() {
      if (!plugged) return;
      plugged = false;
      pactl('unload-module', sourceModule);
      pactl('unload-module', sinkModule);
    },
  };
}

/** Plays a WAV file into a sink: a voice reaching that sink's microphone. Resolves once it has played. */
export async function play(wav: string, sink = SPEAKER): Promise<void> {
  await promisify(execFile)('paplay', [`--device=${sink}`, wav], { timeout: 30_000 });
}

/** When a playback stream ran dry at the sound server in [from, to) (ms since the epoch), and its name (Firefox
 *  names its stream after the page's title), from the lane daemon's log (LANE_PULSE_LOG and LANE_PULSE_LOG_ORIGIN,
 *  set by the global setup: not PULSE_LOG, which PulseAudio's clients read as their own log level), to within
 *  some 50 ms (the daemon's clock starts as it starts); null when the log holds no debug lines to tell. Such an
 *  underrun delays what is played after it, so the echo can come back later than the browser's canceller
 *  expects (docs/testing.md, "Real devices"). */
export function streamUnderruns(from: number, to: number): { at: number; stream: string }[] | null {
  const { LANE_PULSE_LOG: log, LANE_PULSE_LOG_ORIGIN: origin } = process.env;
  const text = log && origin ? readFileSync(log, 'utf8') : '';
  if (!/^\(\s*[\d.]+\|\s*[\d.]+\) D: /m.test(text)) return null;
  const underruns = [];
  for (const match of text.matchAll(/^\(\s*([\d.]+)\|.*Implicit underrun of '(.*)'/gm)) {
    const at = Number(origin) + Number(match[1]) * 1000;
    if (at >= from && at < to) underruns.push({ at, stream: match[2]! });
  }
  return underruns;
}
