/** Properties a page set on the element before its definition loaded (frameworks do) go through the setters. */
export function upgradeProperties(element: HTMLElement, names: readonly string[]): void {
  const own = element as unknown as Record<string, unknown>;
  for (const name of names) {
    if (!Object.hasOwn(element, name)) continue;
    const value = own[name];
    delete own[name];
    own[name] = value;
  }
}
