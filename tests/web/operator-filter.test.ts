// The Operators screen's search and list pages (spec "Operators": search by name, e-mail or role;
// list view 10 per page).
import { describe, expect, it } from 'vitest';
import { filterOperators, initialOf, pageOf } from '../../web/src/features/operators/operator-filter.js';
import type { Operator } from '../../web/src/features/operators/types.js';

const op = (name: string, email: string, role: Operator['role'], is_master = false): Operator => ({
  id: email,
  name,
  email,
  phone: null,
  role,
  isAdmin: role === 'admin',
  is_master,
  invitation_pending: false,
  created_at: '2026-11-27T12:00:00.000Z',
});

const list = [
  op('Ana Souza', 'admin@hub.dev', 'admin', true),
  op('Carlos Lima', 'carlos@example.com', 'logistics'),
  op('Márcia Reis', 'marcia@example.com', 'maintenance'),
];

describe('searching operators', () => {
  it('finds by name (accents and case ignored), e-mail, role key or pt-BR label, and Master', () => {
    expect(filterOperators(list, 'marcia').map((o) => o.name)).toEqual(['Márcia Reis']);
    expect(filterOperators(list, 'CARLOS@').map((o) => o.name)).toEqual(['Carlos Lima']);
    expect(filterOperators(list, 'logistica').map((o) => o.name)).toEqual(['Carlos Lima']);
    expect(filterOperators(list, 'maintenance').map((o) => o.name)).toEqual(['Márcia Reis']);
    expect(filterOperators(list, 'Manutenção').map((o) => o.name)).toEqual(['Márcia Reis']);
    expect(filterOperators(list, 'master').map((o) => o.name)).toEqual(['Ana Souza']);
    expect(filterOperators(list, '   ')).toHaveLength(3);
    expect(filterOperators(list, 'ninguém')).toEqual([]);
  });
});

describe('list pages', () => {
  const many = Array.from({ length: 23 }, (_, i) => i);
  it('cuts 10 per page and clamps the page asked for', () => {
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pages: 3, items: many.slice(0, 10) });
    expect(pageOf(many, 3).items).toEqual([20, 21, 22]);
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf(many, Number.NaN).page).toBe(1);
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('shows the initial of a name', () => {
    expect(initialOf(' ana')).toBe('A');
    expect(initialOf('')).toBe('?');
  });
});
