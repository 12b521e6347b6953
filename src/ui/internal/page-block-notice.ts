// A call the page's own settings blocked: the owner's console line (owner-notice.ts) says what and the fix.
import type { ErrorDetail } from '../../call/types.ts';
import { microphoneForbiddenByPage } from './microphone-policy.ts';
import { tellOwner } from './owner-notice.ts';

/** Tells the owner when `error` is the page's doing: its policy refused the service, or the microphone. */
export function tellOwnerOf({ code, message }: ErrorDetail): void {
  if (code === 'BLOCKED_BY_PAGE') tellOwner(message);
  else if (code === 'MIC_DENIED' && microphoneForbiddenByPage()) tellOwner('This frame does not allow the microphone: add allow="microphone" to its <iframe>.');
}
