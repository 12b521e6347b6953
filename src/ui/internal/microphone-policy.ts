// Whether the page that embeds the widget forbids the microphone (an iframe without `allow="microphone"`,
// or a host that turned it off with a Permissions-Policy header). The visitor cannot change that from the
// browser's address bar: only the site owner can, so the widget says so instead.

interface PolicyLike {
  allowsFeature(feature: string): boolean;
}

/** True when the document's Permissions Policy says no to the microphone; false when it allows it or the
 *  browser cannot tell (Safari and Firefox have no policy API: their refusal stays an ordinary MIC_DENIED). */
export function microphoneForbiddenByPage(doc: Document = document): boolean {
  return forbiddenByPage('microphone', doc);
}

/** True when the document's Permissions Policy says no to `feature` (`clipboard-write`…); false when it allows it
 *  or the browser cannot tell. */
export function forbiddenByPage(feature: string, doc: Document = document): boolean {
  const scope = doc as Document & { permissionsPolicy?: PolicyLike; featurePolicy?: PolicyLike };
  const policy = scope.permissionsPolicy ?? scope.featurePolicy;
  if (typeof policy?.allowsFeature !== 'function') return false;
  try {
    return !policy.allowsFeature(feature);
  } catch {
    return false;
  }
}
