// The call's worker (a module worker, one per call): the session, its socket and the audio frames run here, so
// a busy page's main thread neither delays the frames nor starves the agent's voice. See call-host.ts.
// Where no worker can run, the page imports this same file as a module and runs the host on its own thread
// (transport.ts, page-worker.ts), so the package ships the call's code once. A worker's bundle keeps no exports:
// the file leaves CallHost under a registered symbol instead.
import { CallHost, type HostScope } from './call-host.ts';

const scope = globalThis as { WorkerGlobalScope?: abstract new () => unknown } & Record<symbol, unknown>;
if (scope.WorkerGlobalScope && globalThis instanceof scope.WorkerGlobalScope) new CallHost(self as unknown as HostScope);
else scope[Symbol.for('voice-agent.call-host')] = CallHost;
