import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider.js';
import { fold } from './decider.js';
import { DomainError } from './domain-error.js';

// given([...events]).when(command).then([...events]) | .thenFails(code)
export function specFor<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, fold(decider, given));
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenFails: (code: string) => {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          return caught as DomainError;
        },
      };
    },
  });
}
