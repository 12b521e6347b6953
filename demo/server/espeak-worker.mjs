// espeak-ng on a thread of its own. A phrase is 250–950 ms of synchronous work (a fresh WebAssembly instance of
// the espeak-ng command line each time): on the simulator's thread it stalled every call's audio and, while the
// demo agents' phrases were prepared at start, every page the dev server served. Plain JavaScript: Node runs a
// worker's file as it is, without the TypeScript loader of the thread that starts it.
// Message in: { id, text, voice }. Message out: { id, wav } (the WAV file's bytes) or { id, error }.
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

parentPort.on('message', async ({ id, text, voice }) => {
  const messages = [];
  try {
    const instance = await ESpeakNg({
      // A leading "-" would read as an option; espeak ignores leading spaces.
      arguments: ['-v', voice, '-w', 'out.wav', ` ${text.replace(/[\r\n]+/g, ' ')}`],
      print: () => {},
      printErr: (line) => messages.push(line),
    });
    parentPort.postMessage({ id, wav: instance.FS.readFile('out.wav') });
  } catch (error) {
    const detail = messages.length ? messages.join(' ') : String(error?.message ?? error);
    parentPort.postMessage({ id, error: `espeak-ng wrote no audio: ${detail}` });
  }
});
