import { ROLE_LABELS } from '@contract/operators/role-labels';
import type { Operator } from './types';

// The Operators screen's pure rules (spec "Operators"): search by name, e-mail or role (its key
// or its pt-BR label, accents ignored) and the list view's pages of 10.

export const OPERATORS_PER_PAGE = 10;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export function filterOperators(operators: readonly Operator[], search: string): Operator[] {
  const query = fold(search);
  if (!query) return [...operators];
  return operators.filter((o) => [o.name, o.email, o.role, ROLE_LABELS[o.role], o.is_master ? 'master' : ''].some((field) => fold(field).includes(query)));
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pages: number;
}

export function pageOf<T>(items: readonly T[], page: number, perPage = OPERATORS_PER_PAGE): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, pages };
}

/** The first letter shown in an operator's round avatar. */
export const initialOf = (name: string) => (name.trim()[0] ?? '?').toUpperCase();
