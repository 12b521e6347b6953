// The worker's end of the agent's voice (src/worker/port-audio.ts): once the last words have left the playback
// processor, it asks the page for the output's latency and waits that long, so the end of the call does not cut
// what is still in the device's buffers. The page reads the latency only then: read while the output starts,
// Firefox's `outputLatency` froze the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackStatus } from '../../worklets/messages.ts';
import type { PortLike } from '../../worklets/playback-client.ts';
import { PortSink } from '../../src/worker/port-audio.ts';
import type { FromWorker } from '../../src/worker/protocol.ts';

/** The playback processor's end of the port, answered by hand. */
class FakeProcessorPort implements PortLike {
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly commands: { type: string; seq: number }[] = [];
  postMessage(message: unknown): void {
    this.commands.push(message as { type: string; seq: number });
  }
  status(seq: number, drained: boolean): void {
    const status: PlaybackStatus = {
      type: 'status', seq, queuedSamples: 0, playedSamples: 2400, underruns: 0, underrunMs: 0, targetMs: 60, droppedSamples: 0, drained, rms: 0, peak: 0,
    };
    this.onmessage?.({ data: status } as MessageEvent);
  }
}

function openSink() {
  const posted: FromWorker[] = [];
  const sink = new PortSink((message) => posted.push(message));
  const port = new FakeProcessorPort();
  void sink.open();
  sink.opened();
  sink.attach(port as unknown as MessagePort);
  sink.write(new Int16Array(2400).buffer);
  const asked = () => posted.filter((message) => message.type === 'output-latency').length;
  return { sink, port, asked };
}

describe('PortSink.drained()', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the page for the output latency once the processor drained, and waits that long', async () => {
    const { sink, port, asked } = openSink();
    let done = false;
    void sink.drained().then(() => (done = true));
    const drain = port.commands.find((command) => command.type === 'drain')!;
    expect(drain).toBeDefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked()).toBe(0); // not while the voice is still playing
    expect(done).toBe(false);

    port.status(drain.seq, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(30); // the page's answer took 30 ms: that time counts
    sink.outputLatency(120);
    await vi.advanceTimersByTimeAsync(89);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0); // the wait for a page too busy to answer is called off
  });

  it('waits no longer than 500 ms for a page too busy to answer', async () => {
    const { sink, port, asked } = openSink();
    let done = false;
    void sink.drained().then(() => (done = true));
    port.status(port.commands.find((command) => command.type === 'drain')!.seq, true);
    await vi.advanceTimersByTimeAsync(499);
    expect(asked()).toBe(1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('stops waiting when the call closes the sink', async () => {
    const { sink, port } = openSink();
    let done = false;
    void sink.drained().then(() => (done = true));
    port.status(port.commands.find((command) => command.type === 'drain')!.seq, true);
    await vi.advanceTimersByTimeAsync(10);
    sink.outputLatency(400);
    sink.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
