// The page itself: a secure context, the microphone allowed by the frame and the Permissions Policy, and an
// AudioContext that may start (the call creates its own in the visitor's press; this one is closed at once).
import type { DiagnoseCheck } from '../../../call/types.ts';
import { check } from './report.ts';
import type { DiagnoseScope } from './subject.ts';

const FRAME_ALLOW = 'add allow="microphone; autoplay" to the <iframe> that holds this page';

/** The page is held in a frame (of any origin). */
const framed = (scope: DiagnoseScope): boolean => {
  try {
    return scope.top !== scope.self;
  } catch {
    return true;
  }
};

export function secureContext(scope: DiagnoseScope): DiagnoseCheck {
  if (scope.isSecureContext) return check('secure-context', true, 'The page is a secure context: browsers may give it a microphone.');
  const https = scope.location.origin.replace(/^http:/, 'https:');
  return check(
    'secure-context',
    false,
    `The page is not a secure context (${scope.location.protocol}): browsers give it no microphone, so no voice call can start.`,
    `serve this page over https (${https})`,
  );
}

/** The frame's Permissions Policy, read without asking for the microphone (Chromium has the API; Safari and
 *  Firefox do not, and refuse such a microphone as if the visitor had). */
export function microphone(scope: DiagnoseScope): DiagnoseCheck {
  const policy = scope.document.permissionsPolicy ?? scope.document.featurePolicy;
  if (typeof policy?.allowsFeature !== 'function') {
    return check(
      'microphone',
      null,
      'This browser does not say whether the page may use the microphone (it has no Permissions Policy API); Chrome and Edge do.',
      framed(scope) ? FRAME_ALLOW : '',
    );
  }
  if (policy.allowsFeature('microphone')) return check('microphone', true, 'The page may use the microphone (its Permissions Policy allows it).');
  return framed(scope)
    ? check('microphone', false, 'The frame holding this page does not allow the microphone: the browser refuses it without asking the visitor.', FRAME_ALLOW)
    : check(
        'microphone',
        false,
        "The page's Permissions Policy does not allow the microphone: the browser refuses it without asking the visitor.",
        'allow the microphone in the Permissions-Policy header (microphone=(self), not microphone=())',
      );
}

/** An AudioContext the same constructor as the call's makes: whether it runs at once or waits for a press. */
export async function audioContext(scope: DiagnoseScope): Promise<DiagnoseCheck> {
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) {
    return check('audio-context', false, 'This browser has no Web Audio: it cannot make voice calls.', 'nothing on the page: the visitor needs a recent browser');
  }
  const policy = scope.document.permissionsPolicy ?? scope.document.featurePolicy;
  const autoplayRefused = typeof policy?.allowsFeature === 'function' && !policy.allowsFeature('autoplay') && framed(scope);
  let state: string;
  try {
    state = scope.navigator.getAutoplayPolicy?.('audiocontext') ?? (await stateOfNew(Context));
  } catch (error) {
    return check('audio-context', false, `The browser refused an AudioContext (${String(error)}).`, 'close AudioContexts the page no longer uses');
  }
  const starts = state === 'running' || state === 'allowed'
    ? 'An AudioContext starts here at once'
    : "An AudioContext starts here on the visitor's press (the browser's autoplay rule: the widget creates it in that press)";
  return check('audio-context', true, `${starts}.`, autoplayRefused ? FRAME_ALLOW : '');
}

async function stateOfNew(Context: new () => AudioContext): Promise<string> {
  const context = new Context();
  const { state } = context;
  await context.close().catch(() => undefined);
  return state;
}
