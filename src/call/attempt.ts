/** Runs `fn` now; a synchronous throw becomes a rejection. */
export function attempt<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return fn();
  } catch (error) {
    return Promise.reject(error);
  }
}
