// The agent of the last call (name, avatar, language), remembered so the next page load shows its face and
// speaks its language before a call. It is the business's public identity, never anything the visitor said.
import { readAvatar } from '../../protocol/avatar-values.ts';
import { MAX_NAME_CHARS } from '../../protocol/limits.ts';
import type { AgentInfo } from '../../call/types.ts';

/** A stored agent read back, or null: storage is the page's and is checked like a server message. */
export function readAgent(value: unknown): AgentInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, avatar, language } = value as Record<string, unknown>;
  if (typeof name !== 'string' || !name.trim()) return null;
  const agent: AgentInfo = { name: name.trim().slice(0, MAX_NAME_CHARS), avatar: readAvatar(avatar) };
  if (typeof language === 'string' && /^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{1,8})*$/.test(language)) agent.language = language;
  return agent;
}
