import http from 'node:http';
import https from 'node:https';
import { guardedLookup, type Resolver } from './ssrf-guard';

/** An idle kept-alive connection is closed after this (sooner if the receiver's Keep-Alive says so). */
const IDLE_SOCKET_MS = 30_000;
/** Receivers remembered per guard; past this, agents with nothing in flight are dropped. */
const MAX_ORIGINS = 500;

type Agent = http.Agent | https.Agent;

/** Agents by origin, one table per way of connecting: a socket never crosses from one to another. */
const open = new Map<string, Agent>();
const guarded = new WeakMap<Resolver, Map<string, Agent>>();

function table(guard: Resolver | null): Map<string, Agent> {
  if (!guard) return open;
  let found = guarded.get(guard);
  if (!found) {
    found = new Map();
    guarded.set(guard, found);
  }
  return found;
}

function dropIdle(agents: Map<string, Agent>) {
  for (const [origin, agent] of agents) {
    if (agents.size < MAX_ORIGINS) return;
    if (Object.keys(agent.sockets).length > 0 || Object.keys(agent.requests).length > 0) continue;
    agent.destroy();
    agents.delete(origin);
  }
}

/**
 * The keep-alive agent for a receiver's origin, so that consecutive deliveries to one shop reuse a
 * connection instead of opening one per POST. The SSRF guard (`guard`, or none with
 * WEBHOOK_ALLOW_PRIVATE) is the agent's `lookup`: it runs for every new socket, and a kept socket is
 * one whose address it has already passed. Agents are kept apart per guard, so a connection opened
 * without the guard is never handed to a guarded request.
 */
export function agentFor(url: URL, guard: Resolver | null): Agent {
  const agents = table(guard);
  const origin = `${url.protocol}//${url.host}`;
  let agent = agents.get(origin);
  if (agent) return agent;
  dropIdle(agents);
  const options: http.AgentOptions = {
    keepAlive: true,
    timeout: IDLE_SOCKET_MS,
    // The most recently used socket first, so that surplus sockets go idle and time out.
    scheduling: 'lifo',
    ...(guard ? { lookup: guardedLookup(guard) } : {}),
  };
  agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  agents.set(origin, agent);
  return agent;
}
