import type { Agent } from 'undici';
import type { VettedDestination } from '../check-url-allowed.js';
import { createPinnedAgent, type HopRequest } from './send-once.js';

const MAX_AGENTS = 64;

/** Keep-alive agents keyed by origin and vetted address (least recently used evicted). */
export interface AgentPool {
  get(destination: VettedDestination): Agent;
  close(): Promise<void>;
}

/** Creates an {@link AgentPool}; an agent only ever connects to the address in its key. */
export function createAgentPool(options: Pick<HopRequest, 'connectTimeoutMs' | 'tls'>): AgentPool {
  const agents = new Map<string, Agent>();
  return {
    get(destination) {
      const key = `${destination.url.origin}|${destination.address.address}`;
      let agent = agents.get(key);
      if (agent === undefined) {
        agent = createPinnedAgent(destination.address, options, { keepAlive: true });
      } else {
        agents.delete(key);
      }
      agents.set(key, agent);
      if (agents.size > MAX_AGENTS) {
        const [oldestKey, oldest] = agents.entries().next().value ?? [];
        if (oldestKey !== undefined) agents.delete(oldestKey);
        void oldest?.close().catch(() => undefined);
      }
      return agent;
    },
    async close() {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.destroy().catch(() => undefined)));
    },
  };
}
