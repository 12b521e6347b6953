// Picks what an agent does once its call is live (see agent-behaviour.ts).
import type { AgentBehaviour, BehaviourContext } from './agent-behaviour.ts';
import { SilentAgent } from './silent-agent.ts';
import { TalkingAgent } from './talking-agent.ts';

export function createBehaviour(context: BehaviourContext): AgentBehaviour {
  return context.agent.behaviour === 'talk' ? new TalkingAgent(context) : new SilentAgent(context);
}
