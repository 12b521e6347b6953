// The agent's voice as a link delivers it: a Node client calls the realtime agent through a link emulator with a
// profile's conditions and timeline, and notes when each chunk of the agent's audio arrives (the arrival trace the
// playback policies are replayed on: bench/trace-player.ts). The client takes a ticket and opens the socket as the
// widget does, answers nothing but sends real-time silence, as the service expects (spec §6.1).
import WebSocket from 'ws';
import { startLink, type Link, type NetworkProfile } from '../../demo/netlab/index.ts';
import type { AgentChunk } from '../../demo/server/uplink-meter.ts';

export interface ArrivedChunk {
  /** Epoch ms at which it arrived. */
  at: number;
  pcm: Int16Array;
}

export interface Capture {
  /** Every chunk of agent audio, in order. */
  chunks: ArrivedChunk[];
  /** Epoch ms at which `ready` arrived, and the profile's timeline started. */
  readyAt: number;
  conversationId: string;
}

const epoch = () => performance.timeOrigin + performance.now();

/** Calls `publicId` on the service at `target` through a link with `profile`, for `seconds` after `ready`. */
export async function captureAgentVoice(
  target: { host: string; port: number },
  publicId: string,
  profile: NetworkProfile,
  seconds: number,
): Promise<Capture> {
  const link: Link = await startLink({ target, conditions: profile.conditions });
  try {
    const answer = await fetch(`${link.url}/api/agents/public/${publicId}/call`, { method: 'POST' });
    const { token, wsUrl } = (await answer.json()) as { token: string; wsUrl: string };
    const url = new URL(wsUrl, link.url);
    url.protocol = 'ws:';
    url.host = new URL(link.url).host;
    url.searchParams.set('token', token);
    const socket = new WebSocket(url.href, { perMessageDeflate: false });
    socket.binaryType = 'arraybuffer';
    const chunks: ArrivedChunk[] = [];
    let readyAt = 0;
    let conversationId = '';
    let silence: ReturnType<typeof setInterval> | undefined;
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (data, binary) => {
        const at = epoch();
        if (binary) return void chunks.push({ at, pcm: new Int16Array(data as ArrayBuffer) });
        const message = JSON.parse(String(data)) as { type: string; conversationId?: string };
        if (message.type !== 'ready') return;
        readyAt = at;
        conversationId = message.conversationId!;
        link.schedule(profile.timeline ?? []);
        const frame = new ArrayBuffer(640);
        silence = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(frame), 20);
        setTimeout(resolve, seconds * 1000);
      });
    });
    clearInterval(silence);
    socket.send(JSON.stringify({ type: 'end' }));
    socket.close();
    return { chunks, readyAt, conversationId };
  } finally {
    await link.close();
  }
}

/** The chunks with the times the sender sent them (the service's send log, same clock). */
export function withSendTimes(capture: Capture, sent: readonly AgentChunk[]): { arrivalMs: number; sentMs: number; pcm: Int16Array }[] {
  let at = 0;
  const bySample = new Map(sent.map((chunk) => [chunk.samples, chunk.at]));
  return capture.chunks.map((chunk) => {
    const sentMs = bySample.get(at) ?? Number.NaN;
    at += chunk.pcm.length;
    return { arrivalMs: chunk.at, sentMs, pcm: chunk.pcm };
  });
}
