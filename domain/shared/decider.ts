// A decider is the pure heart of an aggregate: decide what happens, evolve the state by what
// happened. Command handling (read, fold, decide, append) is generic and lives at the edge.

export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Decider<C, E extends DomainEvent, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState: () => S;
}

export function fold<E extends DomainEvent, S>(decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}
