import { describe, expect, it } from 'vitest';
import { parseServerMessage } from '../../src/protocol/index.ts';
import { TranscriptTurns } from '../../src/call/transcript.ts';
import { settle } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

describe('transcript turns (replace semantics)', () => {
  it('replaces the open turn, closes it on final, and opens a new one after; a turn keeps the time it began', () => {
    let now = 1_000;
    const turns = new TranscriptTurns(() => (now += 500));
    turns.apply('agent', 'Salam', false);
    turns.apply('agent', 'Salam, wach', false);
    turns.apply('agent', 'Salam, wach rak?', true);
    turns.apply('agent', 'Kifach', false);
    expect(turns.all).toEqual([
      { id: 1, role: 'agent', text: 'Salam, wach rak?', final: true, at: 1_500 },
      { id: 2, role: 'agent', text: 'Kifach', final: false, at: 2_000 },
    ]);
  });

  it('keeps interleaved roles in their own turns', () => {
    const turns = new TranscriptTurns();
    turns.apply('agent', 'Je vous', false);
    turns.apply('user', 'Allo', false);
    turns.apply('agent', 'Je vous écoute', true);
    turns.apply('user', 'Allo, oui', true);
    turns.apply('user', 'Merci', true);
    expect(turns.all.map((t) => [t.id, t.role, t.text, t.final])).toEqual([
      [1, 'agent', 'Je vous écoute', true],
      [2, 'user', 'Allo, oui', true],
      [3, 'user', 'Merci', true],
    ]);
  });

  it('tells the playback when the agent’s turn is over (its final words), not the visitor’s nor a partial', async () => {
    // The playback then knows running dry after it is no break in the voice (worklets/dsp/playback-core.ts).
    const h = harness();
    await h.goLive();
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Salam', final: false });
    h.socket.receive({ type: 'transcript', role: 'user', text: 'Allo', final: true });
    expect(h.sink.utterancesEnded).toBe(0);
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Salam, wach rak?', final: true });
    expect(h.sink.utterancesEnded).toBe(1);
  });

  it('emits every change with the turn id, through the session', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'مرحبا', final: false });
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'مرحبا بيك', final: true });
    h.socket.receive({ type: 'transcript', role: 'user', text: 'شكرا', final: true });
    expect(h.of('transcript')).toEqual([
      { role: 'agent', text: 'مرحبا', final: false, turnId: 1 },
      { role: 'agent', text: 'مرحبا بيك', final: true, turnId: 1 },
      { role: 'user', text: 'شكرا', final: true, turnId: 2 },
    ]);
    expect(h.session.transcript.all).toHaveLength(2);
  });
});

describe('hostile or broken server messages', () => {
  const bad: unknown[] = [
    '{not json',
    'null',
    '[]',
    '"ready"',
    '42',
    JSON.stringify({ type: 'nope' }),
    JSON.stringify({ type: 'transcript', role: 'admin', text: 'x', final: true }),
    JSON.stringify({ type: 'transcript', role: 'agent', text: 42 }),
    JSON.stringify({ type: 'transcript', role: 'agent', text: 'x', final: 'yes' }),
    JSON.stringify({ type: 'tool', name: 'x', status: 'exploded' }),
    JSON.stringify({ type: 'tool', name: 'x', status: 'done', ok: 'sure' }),
    JSON.stringify({ type: 'error', code: 7 }),
    JSON.stringify({ type: 'ready', conversationId: 1, maxSeconds: 60 }),
    JSON.stringify({ type: 'ready', conversationId: 'c', maxSeconds: -5 }),
    JSON.stringify({ type: 'audio', data: '<script>' }),
    JSON.stringify({ type: '__proto__' }),
    `{"type":"transcript","role":"agent","text":"${'x'.repeat(600_000)}"}`,
    new ArrayBuffer(600_000),
    undefined,
    new Blob(['x']),
  ];

  it.each(bad.map((b, i) => [i, b]))('drops #%i without throwing', (_i, message) => {
    expect(parseServerMessage(message)).toBeNull();
  });

  it('counts dropped messages and keeps a healthy call going', async () => {
    const h = harness();
    await h.goLive();
    for (const message of bad) h.socket.receive(message);
    expect(h.session.stats.droppedMessages).toBe(bad.length);
    expect(h.session.state).toBe('live');
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'still here', final: true });
    expect(h.of('transcript').at(-1)?.text).toBe('still here');
    expect(h.of('error')).toEqual([]);
  });

  it('ignores a second `ready` and audio before `ready`', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive({ type: 'ready', conversationId: 'other', maxSeconds: 1, agent: {} });
    expect(h.of('ready')).toHaveLength(1);
    expect(h.session.stats.droppedMessages).toBe(1);
  });

  it('goes live on a `ready` with an absurd `maxSeconds`, and reports at most a day', async () => {
    const h = harness();
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    h.socket.receive({ ...readyMessage, maxSeconds: 999_999_999_999 });
    await started;
    expect(h.session.state).toBe('live');
    expect(h.of('ready')).toMatchObject([{ maxSeconds: 86_400 }]);
  });

  it('keeps transcript text as text: markup is never interpreted here', () => {
    const message = parseServerMessage(
      JSON.stringify({ type: 'transcript', role: 'agent', text: '<img src=x onerror=alert(1)>', final: true }),
    );
    expect(message).toEqual({ type: 'transcript', role: 'agent', text: '<img src=x onerror=alert(1)>', final: true });
  });

  it('sanitises the agent from `ready`: only valid colours, only http(s) images, a sane language tag', () => {
    const parse = (agent: unknown) => {
      const m = parseServerMessage(JSON.stringify({ type: 'ready', conversationId: 'c', maxSeconds: 60, agent }));
      return m?.type === 'ready' ? m.agent : null;
    };
    expect(parse({ name: ' Amina ', avatar: { from: '#ff0000', to: 'rgb(0, 10, 200)', url: 'https://x.test/a.png' }, language: 'ar-DZ' }))
      .toEqual({ name: 'Amina', avatar: { from: '#ff0000', to: 'rgb(0, 10, 200)', url: 'https://x.test/a.png' }, language: 'ar-DZ' });
    expect(parse({ name: 5, avatar: { from: 'red;background:url(x)', to: 'url(javascript:1)', url: 'javascript:alert(1)' }, language: '"><' }))
      .toEqual({ name: '', avatar: {} });
    expect(parse({ avatar: { from: 'expression(alert(1))', to: '#12', url: 'data:image/png;base64,AAAA' } })).toEqual({
      name: '',
      avatar: {},
    });
    expect(parse(undefined)).toEqual({ name: '', avatar: {} });
  });

  it('keeps tool and ended messages to their documented fields', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'tool', name: 'get_time', status: 'done', ok: true, evil: 1 }))).toEqual({
      type: 'tool', name: 'get_time', status: 'done', ok: true,
    });
    expect(parseServerMessage(JSON.stringify({ type: 'ended', reason: 7, durationSeconds: 'x' }))).toEqual({
      type: 'ended', reason: 'unknown', durationSeconds: null, billedSeconds: null, freeSeconds: null, conversationId: null,
    });
  });
});
