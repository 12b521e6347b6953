// The npm `espeak-ng` package (Emscripten build of the espeak-ng command line) ships no types.
declare module 'espeak-ng' {
  export interface ESpeakNgInstance {
    FS: {
      readFile(path: string): Uint8Array;
      readFile(path: string, options: { encoding: 'utf8' }): string;
    };
  }
  export interface ESpeakNgOptions {
    /** The command line, without the program name. */
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }
  /** Runs espeak-ng once with `arguments` in a fresh instance; resolves when the program has finished. */
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgInstance>;
}
