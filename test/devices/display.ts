// An X server of the lane's own (Xvfb on the first free display): the browsers run headful, since headless
// Chromium sends no sound to the sound server.
import { spawn } from 'node:child_process';

export interface Display {
  /** DISPLAY for the browsers, `:N`. */
  name: string;
  stop(): Promise<void>;
}

export async function startDisplay(): Promise<Display> {
  const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => server.kill();
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let errors = '';
  server.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    let written = '';
    server.stdio[3]!.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) resolve(written.trim());
    });
    server.once('error', (error) => reject(new Error(`Xvfb could not start: ${error.message}`)));
    server.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before giving a display:\n${errors}`)));
  });
  return {
    name: `:${number}`,
    async stop() {
      process.off('exit', killOnExit);
      server.kill();
      await exited;
    },
  };
}
