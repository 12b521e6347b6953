// Run before every `npm test` (the `pretest` script) and by `.ci/run`: makes sure every browser and service
// the suite uses is here. What is missing comes from Debian's packages in one apt step when running as root;
// otherwise this stops with the one command that installs it. Then a PulseAudio null sink is started when no
// sound server answers (Firefox's and WebKit's Web Audio need one). Nothing is downloaded from anywhere else.
// `--versions` also prints what was found and its version.
import { spawnSync } from 'node:child_process';
import { brokenOverrides, findChromium, findFirefox, findWebKit, missingPackages, requirements, soundServerAnswers } from './browsers.mjs';

function fail(message) {
  console.error(`provision: ${message}`);
  process.exit(1);
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (result.error || result.status !== 0) fail(`${[command, ...args].join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/** What is missing, and why when it is here but unusable. */
const label = (requirement) => (requirement.why ? `${requirement.name} (${requirement.why})` : requirement.name);

function installMissing() {
  const broken = brokenOverrides();
  if (broken.length > 0) fail(`${broken.join(', ')}: not an executable file (unset it to use Debian's browser)`);
  const needed = requirements();
  const missing = needed.filter((r) => !r.found);
  if (missing.length === 0) return;
  const stuck = missing.filter((r) => r.upgradable === false);
  if (stuck.length > 0) fail(`${stuck.map((r) => r.why).join('; ')} (point FIREFOX_PATH at a newer one, or unset it)`);
  const packages = missingPackages(needed);
  const names = missing.map(label).join(', ');
  const install = `DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) fail(`missing ${names}; install them with: sudo apt-get update && sudo ${install}`);
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error) fail(`missing ${names}, and no apt-get here to install ${packages.join(' ')}`);
  console.log(`provision: missing ${names}; installing Debian's ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], env);
  run('apt-get', ['install', '-y', '-qq', ...packages], env);
  const still = requirements().filter((r) => !r.found);
  if (still.length > 0) fail(`still missing after installing: ${still.map(label).join(', ')}`);
}

/** A PulseAudio daemon with a null sink, as in the testing recipe, when no sound server answers. */
function startSoundServer() {
  if (soundServerAnswers()) return;
  console.log('provision: starting PulseAudio with a null sink');
  const started = spawnSync(
    'pulseaudio',
    ['-D', '-n', '--exit-idle-time=-1', '--disallow-exit', '--load=module-null-sink sink_name=nullsink', '--load=module-native-protocol-unix'],
    { stdio: 'ignore', timeout: 15_000 },
  );
  const deadline = Date.now() + 5_000;
  while (!soundServerAnswers()) {
    if (Date.now() > deadline) fail(`PulseAudio did not start (exit ${started.status ?? started.error?.message})`);
    spawnSync('sleep', ['0.2']);
  }
}

function firstLine(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  return (result.stdout ?? '').split('\n').filter((line) => line && !line.startsWith('[')).at(-1) ?? '?';
}

function printVersions() {
  const chromium = findChromium();
  const firefox = findFirefox();
  const webkit = findWebKit();
  console.log(describe(chromium, () => firstLine(chromium.path, ['--version'])));
  console.log(describe(firefox, () => firstLine(firefox.path, ['--version'])));
  const webkitVersion = webkit?.source === 'debian' ? `WebKitGTK ${firstLine('dpkg-query', ['-W', '-f=${Version}\n', 'webkit2gtk-driver'])}` : 'WebKitGTK';
  console.log(describe(webkit, () => webkitVersion));
  console.log(`Node ${process.version}`);
}

function describe(found, version) {
  return found ? `${version()} (${found.path}, ${found.source})` : 'not found';
}

installMissing();
startSoundServer();
if (process.argv.includes('--versions')) printVersions();
