// Validation at the edge: every incoming message becomes a typed value or `null` (dropped and counted).
// Nothing here throws, whatever the other side sends.
import { readAvatar } from './avatar-values.ts';
import { MAX_CALL_SECONDS, MAX_MESSAGE_BYTES, MAX_NAME_CHARS, MAX_TEXT_CHARS } from './limits.ts';
import type { AgentInfo, ClientMessage, Role } from './messages.ts';

/** A service message as the caller reads it: audio already decoded, optional figures as null. */
export type ServerMessage =
  | { type: 'audio'; pcm: ArrayBuffer }
  | { type: 'ready'; conversationId: string; maxSeconds: number; agent: AgentInfo }
  | { type: 'transcript'; role: Role; text: string; final: boolean }
  | { type: 'interrupted' }
  | { type: 'tool'; name: string; status: 'running' | 'done'; ok?: boolean }
  | {
      type: 'ended';
      reason: string;
      durationSeconds: number | null;
      billedSeconds: number | null;
      freeSeconds: number | null;
      conversationId: string | null;
    }
  | { type: 'error'; code: string; error: string }
  | { type: 'pong' };

type Fields = Record<string, unknown>;

const isString = (v: unknown): v is string => typeof v === 'string';
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalNumber = (v: unknown): number | null => (isFiniteNumber(v) && v >= 0 ? v : null);
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Parses one socket message from the service (a string or binary data), or null when malformed. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (data instanceof ArrayBuffer) {
    return data.byteLength <= MAX_MESSAGE_BYTES ? { type: 'audio', pcm: data } : null;
  }
  const value = readJson(data);
  return value ? validateServer(value) : null;
}

/** Parses one text frame from the caller, or null when malformed (the service ignores it). */
export function parseClientMessage(data: unknown): ClientMessage | null {
  const m = readJson(data);
  switch (m?.type) {
    case 'ping':
      return { type: 'ping' };
    case 'end':
      return { type: 'end' };
    case 'text':
      return isString(m.text) ? { type: 'text', text: m.text } : null;
    case 'audio':
      return isString(m.data) ? { type: 'audio', data: m.data } : null;
    default:
      return null;
  }
}

function readJson(data: unknown): Fields | null {
  if (!isString(data) || data.length > MAX_MESSAGE_BYTES) return null;
  try {
    const value: unknown = JSON.parse(data);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

function validateServer(m: Fields): ServerMessage | null {
  switch (m.type) {
    case 'audio': {
      const pcm = isString(m.data) ? decodeBase64(m.data) : null;
      return pcm ? { type: 'audio', pcm } : null;
    }
    case 'ready': {
      if (!isString(m.conversationId) || !isFiniteNumber(m.maxSeconds) || m.maxSeconds <= 0) return null;
      const maxSeconds = Math.min(m.maxSeconds, MAX_CALL_SECONDS);
      return { type: 'ready', conversationId: m.conversationId, maxSeconds, agent: readAgent(m.agent) };
    }
    case 'transcript': {
      if ((m.role !== 'user' && m.role !== 'agent') || !isString(m.text)) return null;
      if (m.final !== undefined && typeof m.final !== 'boolean') return null;
      return { type: 'transcript', role: m.role, text: clip(m.text, MAX_TEXT_CHARS), final: m.final === true };
    }
    case 'interrupted':
    case 'pong':
      return { type: m.type };
    case 'tool': {
      if (!isString(m.name) || (m.status !== 'running' && m.status !== 'done')) return null;
      if (m.ok !== undefined && typeof m.ok !== 'boolean') return null;
      const tool: ServerMessage = { type: 'tool', name: clip(m.name, MAX_NAME_CHARS), status: m.status };
      if (typeof m.ok === 'boolean') tool.ok = m.ok;
      return tool;
    }
    case 'ended':
      return {
        type: 'ended',
        reason: isString(m.reason) && m.reason ? clip(m.reason, MAX_NAME_CHARS) : 'unknown',
        durationSeconds: optionalNumber(m.durationSeconds),
        billedSeconds: optionalNumber(m.billedSeconds),
        freeSeconds: optionalNumber(m.freeSeconds),
        conversationId: isString(m.conversationId) ? m.conversationId : null,
      };
    case 'error':
      if (!isString(m.code)) return null;
      return { type: 'error', code: m.code, error: isString(m.error) ? clip(m.error, MAX_TEXT_CHARS) : '' };
    default:
      return null;
  }
}

function readAgent(value: unknown): AgentInfo {
  const agent = isObject(value) ? value : {};
  const info: AgentInfo = {
    name: isString(agent.name) ? clip(agent.name.trim(), MAX_NAME_CHARS) : '',
    avatar: readAvatar(agent.avatar),
  };
  if (isString(agent.language) && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(agent.language)) {
    info.language = agent.language;
  }
  return info;
}

function decodeBase64(text: string): ArrayBuffer | null {
  if (text.length > MAX_MESSAGE_BYTES || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  } catch {
    return null;
  }
}
