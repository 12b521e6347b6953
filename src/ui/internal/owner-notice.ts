// The site owner's line in the console when the page's own settings block the widget (its Content-Security-
// Policy, its frame's microphone policy, its Trusted Types): what blocked it and the change that fixes it, once
// per page. The visitor is told in the panel that the site blocks the assistant; the owner reads this.

const told = new Set<string>();

/** Writes `message` to the console, the first time it comes on this page. */
export function tellOwner(message: string): void {
  if (told.has(message)) return;
  told.add(message);
  console.error(`<voice-agent>: ${message}`);
}
