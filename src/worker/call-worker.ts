// The call's worker (a module worker, one per call): the session, its socket and the audio frames run here, so
// a busy page's main thread neither delays the frames nor starves the agent's voice. See call-host.ts.
import { CallHost, type HostScope } from './call-host.ts';

new CallHost(self as unknown as HostScope);
