import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CloseCode, encodeMessage, isReconnectable, isSetupErrorCode, MAX_CALL_SECONDS, parseClientMessage, parseServerMessage,
  type ServerWireMessage,
} from '../../src/protocol/index.ts';

const dir = new URL('../../src/protocol/', import.meta.url);

describe('the wire protocol module', () => {
  it('uses no DOM and no browser globals, so the Node simulator can import it', () => {
    for (const file of readdirSync(dir)) {
      const source = readFileSync(new URL(file, dir), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(source, file).not.toMatch(/\b(window|document|navigator|localStorage|CSS|WebSocket|HTMLElement)\b/);
      expect(source, file).not.toMatch(/from '\.\.\//);
    }
  });

  it('reads back what a server builds with its shapes', () => {
    const messages: ServerWireMessage[] = [
      { type: 'ready', conversationId: 'c', maxSeconds: 60, agent: { name: 'A', avatar: {}, language: 'fr' } },
      { type: 'transcript', role: 'agent', text: 'Bonjour', final: true },
      { type: 'ended', reason: 'agent_ended', durationSeconds: 4, billedSeconds: 4, freeSeconds: 0, conversationId: 'c' },
      { type: 'error', code: 'BUSY', error: 'busy' },
      { type: 'pong' },
    ];
    for (const message of messages) expect(parseServerMessage(encodeMessage(message))).toMatchObject({ type: message.type });
  });

  it('reads a `maxSeconds` beyond a day as a day (no countdown of 277,777,777 hours), and never throws', () => {
    const ready = (maxSeconds: unknown) =>
      parseServerMessage(JSON.stringify({ type: 'ready', conversationId: 'c', maxSeconds, agent: { name: 'A' } }));
    expect(ready(999_999_999_999)).toMatchObject({ maxSeconds: MAX_CALL_SECONDS });
    expect(ready(1e308)).toMatchObject({ maxSeconds: MAX_CALL_SECONDS });
    expect(ready(MAX_CALL_SECONDS + 1)).toMatchObject({ maxSeconds: MAX_CALL_SECONDS });
    expect(ready(MAX_CALL_SECONDS)).toMatchObject({ maxSeconds: 86_400 });
    expect(ready(300)).toMatchObject({ maxSeconds: 300 });
    expect(ready(Infinity)).toBeNull(); // JSON has no Infinity: null on the wire
    expect(ready('1e12')).toBeNull();
    expect(ready(0)).toBeNull();
  });

  it('parses what the caller sends, and nothing else', () => {
    expect(parseClientMessage(encodeMessage({ type: 'text', text: 'salam' }))).toEqual({ type: 'text', text: 'salam' });
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(parseClientMessage('{"type":"text","text":3}')).toBeNull();
    expect(parseClientMessage('{"type":"shutdown"}')).toBeNull();
    expect(parseClientMessage('not json')).toBeNull();
  });

  it('says which mid-call closes are a dropped line', () => {
    for (const code of [1001, 1006, 1011, 1012, 1013]) expect(isReconnectable(code), String(code)).toBe(true);
    for (const code of [1000, CloseCode.SETUP_FAILED, CloseCode.AGENT_GONE, 1008]) expect(isReconnectable(code), String(code)).toBe(false);
    expect(isSetupErrorCode('BUSY')).toBe(true);
    expect(isSetupErrorCode('AGENT_GONE')).toBe(false);
  });
});
