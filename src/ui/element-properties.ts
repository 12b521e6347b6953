// The element's settable properties, and the values of its `layout` and `placement` as types (beside the element,
// which is held to 300 lines).

/** The properties a page sets (src/react.ts types these). Frameworks may set them before the definition loads: the
 *  element then runs each own property it has a setter for through it (upgrade-properties.ts). */
export const SETTABLE_PROPERTIES = [
  'publicId', 'serverUrl', 'audioProcessing', 'workletBase', 'muted', 'layout', 'placement', 'open', 'remember',
  'theme', 'inputDeviceId', 'outputDeviceId', 'continue',
] as const;

/** `floating` (a launcher opens a panel) or `inline` (the panel sits in the page flow). */
export type Layout = 'floating' | 'inline';
/** The floating launcher's corner: `end` or `start` (mirrored in right-to-left languages). */
export type Placement = 'end' | 'start';
