// The order the simulator synthesises phrases in: the demo agents' phrases prepared at start must not keep a
// caller's greeting waiting behind fifty others.
import { describe, expect, it } from 'vitest';
import { SynthesisQueue } from '../../demo/server/synthesis-queue.ts';

/** A queue whose jobs record the order they ran in; each takes a few milliseconds, one at a time. */
function recordingQueue() {
  const queue = new SynthesisQueue();
  const ran: string[] = [];
  let running = 0;
  const job = (name: string) => async () => {
    running += 1;
    expect(running).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    ran.push(name);
    running -= 1;
    return name;
  };
  return { queue, ran, job };
}

describe('SynthesisQueue', () => {
  it('runs one phrase at a time, in the order asked', async () => {
    const { queue, ran, job } = recordingQueue();
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => queue.add(name, job(name))));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it("puts a caller's phrase before the phrases prepared ahead, once the one under way is done", async () => {
    const { queue, ran, job } = recordingQueue();
    const prepared = ['p1', 'p2', 'p3', 'p4'].map((name) => queue.add(name, job(name), true));
    const greeting = queue.add('greeting', job('greeting'));
    await greeting;
    expect(ran).toEqual(['p1', 'greeting']);
    await Promise.all(prepared);
    expect(ran).toEqual(['p1', 'greeting', 'p2', 'p3', 'p4']);
  });

  it('moves a prepared phrase that a caller asks for up to the callers’ turn', async () => {
    const { queue, ran, job } = recordingQueue();
    const prepared = ['p1', 'p2', 'p3', 'p4'].map((name) => queue.add(name, job(name), true));
    queue.hurry('p4');
    queue.hurry('unknown'); // nothing prepared under that name: nothing moves
    expect(await prepared[3]).toBe('p4');
    expect(ran).toEqual(['p1', 'p4']);
    await Promise.all(prepared);
    expect(ran).toEqual(['p1', 'p4', 'p2', 'p3']);
  });

  it('settles each phrase with its own failure and goes on', async () => {
    const { queue, ran, job } = recordingQueue();
    const failing = queue.add('broken', () => Promise.reject(new Error('espeak-ng wrote no audio')));
    const next = queue.add('next', job('next'));
    await expect(failing).rejects.toThrow('espeak-ng wrote no audio');
    expect(await next).toBe('next');
    expect(ran).toEqual(['next']);
  });
});
