// The dashboard's small pure helpers: who may enter and which links they get, the Hub route set a
// page belongs to, the image pre-checks, what a deactivation did in words, the chart labels.
import { describe, expect, it } from 'vitest';
import { checkHubImage, isImageUrl } from '../../web/src/features/dashboard/components/hub-form/image-checks.js';
import { describeMoves, formatWindow, padLocker } from '../../web/src/features/dashboard/components/hub-form/locker-moves.js';
import {
  activePercent,
  dayLabel,
  formatMoneyCents,
  formatPercent,
  occupancySummary,
  revenueSummary,
} from '../../web/src/features/dashboard/components/home/chart-format.js';
import { dashboardRoleOf } from '../../web/src/features/dashboard/layout/dashboard-access.js';
import { navItemsFor } from '../../web/src/features/dashboard/layout/dashboard-nav.js';
import { hubsBasePathOf } from '../../web/src/features/dashboard/layout/use-hubs-base-path.js';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('dashboard access and links', () => {
  it("admits admins (role or flag), staff and partners' users, no renter", () => {
    expect(dashboardRoleOf({ role: 'admin', isAdmin: false })).toBe('admin');
    expect(dashboardRoleOf({ role: 'user', isAdmin: true })).toBe('admin');
    expect(dashboardRoleOf({ role: 'logistics', isAdmin: false })).toBe('logistics');
    expect(dashboardRoleOf({ role: 'user', isAdmin: false })).toBeNull();
    expect(dashboardRoleOf({ role: 'partner', isAdmin: false })).toBe('partner');
    expect(dashboardRoleOf(null)).toBeNull();
  });

  it('gives each role the spec sidebar', () => {
    expect(navItemsFor('admin').map((i) => `${i.label} ${i.to}`)).toEqual([
      'Início /dashboard',
      'Hubs /dashboard/hubs',
      'Alertas /dashboard/alerts',
      'Solicitações de acesso /dashboard/access-requests',
      'Operadores /dashboard/operators',
      'Parceiros /dashboard/partners',
      'Configurações /dashboard/settings',
    ]);
    expect(navItemsFor('logistics').map((i) => `${i.label} ${i.to}`)).toEqual([
      'Início /dashboard',
      'Hubs /dashboard/logistics/hubs',
      'Coletas /dashboard/logistics/collections',
      'Alertas /dashboard/alerts',
    ]);
    // A partner's user: its integration only, no Início (ADR 0020).
    expect(navItemsFor('partner').map((i) => `${i.label} ${i.to}`)).toEqual(['Integração /dashboard/integration']);
    expect(navItemsFor('admin')[0]!.end).toBe(true);
  });

  it('keeps links in the route set the page was opened in', () => {
    expect(hubsBasePathOf('/dashboard/logistics/hubs')).toBe('/dashboard/logistics/hubs');
    expect(hubsBasePathOf('/dashboard/logistics/hubs/SP-01/form')).toBe('/dashboard/logistics/hubs');
    expect(hubsBasePathOf('/dashboard/hubs/new/form')).toBe('/dashboard/hubs');
    expect(hubsBasePathOf('/dashboard/logistics/hubsX')).toBe('/dashboard/hubs');
  });
});

describe('Hub image pre-checks', () => {
  it('accepts JPG, PNG and WebP up to 5 MB', () => {
    expect(checkHubImage({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkHubImage({ name: 'a.webp', type: 'image/webp', size: 10 })).toBeNull();
    // No type from the system: the extension decides.
    expect(checkHubImage({ name: 'a.PNG', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files with the spec messages', () => {
    expect(checkHubImage({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('Tipo de arquivo não suportado. Por favor, use JPG, PNG ou WebP.');
    expect(checkHubImage({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('Arquivo muito grande. O limite é 5MB.');
  });

  it('takes http(s) and same-site paths as image URLs', () => {
    expect(isImageUrl('https://exemplo.com/a.jpg')).toBe(true);
    expect(isImageUrl('/files/hubs/a.png')).toBe(true);
    expect(isImageUrl('//evil.example/a.png')).toBe(false);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('what a deactivation did, in words', () => {
  const moved = { reservation_id: 'r1', start_time: '2026-05-12T13:00:00Z', end_time: '2026-05-12T15:00:00Z', to_locker_id: 'l2', to_order_number: 4 };
  const unmoved = { reservation_id: 'r2', start_time: '2026-05-12T13:00:00Z', end_time: '2026-05-13T04:30:00Z', user_name: 'Ana Souza' };

  it('says nothing when nothing was moved', () => {
    expect(describeMoves({ moved: [], unmoved: [] })).toBeNull();
  });

  it('counts moved and unmoved reservations and names who stayed, in São Paulo time', () => {
    const report = describeMoves({ moved: [moved, { ...moved, reservation_id: 'r3' }, { ...moved, reservation_id: 'r4' }], unmoved: [unmoved] });
    expect(report?.summary).toBe('3 reservas movidas; 1 não pôde ser movida: Ana Souza (12/05/2026 10:00 – 13/05/2026 01:30).');
    expect(report?.details[0]).toBe('Reserva de 12/05/2026 10:00–12:00 movida para o locker 04.');
    expect(report?.details).toHaveLength(4);
  });

  it('reads well with only unmoved reservations', () => {
    expect(describeMoves({ moved: [], unmoved: [unmoved, unmoved] })?.summary).toMatch(/^2 reservas não puderam ser movidas: /);
  });

  it('pads locker numbers to two digits', () => {
    expect(padLocker(3)).toBe('03');
    expect(padLocker(12)).toBe('12');
    expect(formatWindow('2026-01-01T03:00:00Z', '2026-01-01T04:00:00Z')).toBe('01/01/2026 00:00–01:00');
  });
});

describe('home chart labels', () => {
  it('shows days as dd/MM without a time zone shift', () => {
    expect(dayLabel('2026-03-01')).toBe('01/03');
  });

  it('formats percentages and money in pt-BR', () => {
    expect(formatPercent(6.7)).toBe('6,7%');
    expect(nbsp(formatMoneyCents(123456))).toBe('R$ 1.234,56');
  });

  it('shows 0% active with no lockers', () => {
    expect(activePercent(0, 0)).toBe(0);
    expect(activePercent(64, 65)).toBe(98);
  });

  it('sums the period up in one sentence for screen readers', () => {
    const days = [
      { date: '2026-05-01', booked_hours: 1, capacity_hours: 10, occupancy_pct: 10, revenue_cents: 500 },
      { date: '2026-05-02', booked_hours: 3, capacity_hours: 10, occupancy_pct: 30, revenue_cents: 1500 },
    ];
    expect(occupancySummary(days)).toBe('Ocupação média de 20% em 2 dias; máxima de 30% em 02/05/2026.');
    expect(nbsp(revenueSummary(days))).toBe('Receita de R$ 20,00 em 2 dias; maior dia 02/05/2026 com R$ 15,00.');
    expect(revenueSummary(days.map((d) => ({ ...d, revenue_cents: 0 })))).toBe('Nenhuma receita nos últimos 2 dias.');
  });
});
