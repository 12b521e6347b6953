/** Properties a page set on the element before its definition loaded (frameworks do) go through the setters: each
 *  own property of `element` that `type`'s prototype has a setter for. */
export function upgradeProperties(element: HTMLElement, type: { prototype: object }): void {
  const own = element as unknown as Record<string, unknown>;
  for (const name of Object.keys(element)) {
    if (!Object.getOwnPropertyDescriptor(type.prototype, name)?.set) continue;
    const value = own[name];
    delete own[name];
    own[name] = value;
  }
}
