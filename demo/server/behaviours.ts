// Picks what an agent does once its call is live (see agent-behaviour.ts).
import type { AgentBehaviour, BehaviourContext } from './agent-behaviour.ts';
import { MonologueAgent } from './monologue-agent.ts';
import { RealtimeAgent } from './realtime-agent.ts';
import { SilentAgent } from './silent-agent.ts';
import { TalkingAgent } from './talking-agent.ts';

export function createBehaviour(context: BehaviourContext): AgentBehaviour {
  switch (context.agent.behaviour) {
    case 'talk':
      return new TalkingAgent(context);
    case 'monologue':
      return new MonologueAgent(context);
    case 'realtime':
      return new RealtimeAgent(context);
    default:
      return new SilentAgent(context);
  }
}
