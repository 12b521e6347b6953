// What diagnose() checks: the element (as far as its checks read it), the service and agent it calls, and the
// page's global scope, whose own `fetch`, `WebSocket` and constructors the probes use, so that each runs under
// that page's policies (a test hands the window of a frame with a policy of its own).
import type { CallStats } from '../../../call/types.ts';

/** The service and the agent the element calls (the service's default filled in). */
export interface DiagnoseTarget {
  serverUrl: string;
  publicId: string;
}

export interface DiagnoseSubject {
  /** The element's `worklet-base` attribute ('' when absent). */
  readonly workletBase: string;
  /** Where the calls run once the call's code has loaded (`transport`). */
  readonly stats: CallStats;
  /** Loads the call's code, as the first sign of the visitor's interest does. */
  loadUi(): Promise<unknown>;
}

interface PolicyLike {
  allowsFeature(feature: string): boolean;
}

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): unknown;
}

type AudioContextConstructor = new (options?: AudioContextOptions) => AudioContext;

/** The page's global scope, as far as the probes use it. */
export interface DiagnoseScope extends EventTarget {
  readonly isSecureContext: boolean;
  /** The page's origin (a `srcdoc` frame's is its parent's, where `location.origin` says "null"). */
  readonly origin: string;
  readonly location: { readonly origin: string; readonly protocol: string };
  /** The frame holding the page: `self` when it is the top page. */
  readonly self: unknown;
  readonly top: unknown;
  readonly document: { permissionsPolicy?: PolicyLike; featurePolicy?: PolicyLike };
  readonly navigator: { getAutoplayPolicy?(type: 'audiocontext'): string };
  fetch(url: string, init?: RequestInit): Promise<Response>;
  readonly WebSocket: new (url: string) => WebSocket;
  readonly trustedTypes?: TrustedTypesLike;
  readonly AudioContext?: AudioContextConstructor;
  readonly webkitAudioContext?: AudioContextConstructor;
  readonly OfflineAudioContext?: new (channels: number, length: number, sampleRate: number) => BaseAudioContext;
  readonly WebAssembly?: { Module: new (bytes: BufferSource) => unknown };
}
