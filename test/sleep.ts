// The one real-time wait of the test suites (Node and the test page alike).

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
