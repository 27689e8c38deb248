import { describe, expect, it } from 'vitest';
import { projectorNames } from '../../../projections/all.js';
import { FOLDED_PROJECTORS } from './seed-city.js';

// A projector the city seed does not fold has no checkpoint after `npm run seed:scale` and replays
// the whole log (about an hour at city size) when projections start: teach the seed its tables
// (as history-fold.ts and stats-fold.ts do) before adding it to projections/all.ts.

describe('seed:scale folds every projector', () => {
  it('writes the tables and checkpoint of each projector projections/all.ts runs', () => {
    expect([...FOLDED_PROJECTORS].sort()).toEqual([...projectorNames].sort());
  });
});
