import type { Pool } from 'pg';

// What the validate route needs of a Hub before and after authenticating its controller: the
// secret and the hardware (read model, one indexed row) and its lockers' current order numbers.

export interface ControllerHub {
  id: string;
  secretKey: string;
  hardware: string;
}

export async function controllerHub(db: Pool, hubId: string): Promise<ControllerHub | null> {
  const { rows } = await db.query<{ id: string; secret_key: string; hardware: string }>(
    'SELECT id, secret_key, hardware FROM rm_hubs WHERE id = $1',
    [hubId],
  );
  const row = rows[0];
  return row ? { id: row.id, secretKey: row.secret_key, hardware: row.hardware } : null;
}

export async function lockerOrders(db: Pool, hubId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; order_number: number }>('SELECT id, order_number FROM rm_lockers WHERE hub_id = $1', [hubId]);
  return new Map(rows.map((row) => [row.id, row.order_number]));
}

/** `"{hardware}:{order, two digits}"`, e.g. LK-31:03. */
export const lockerInterface = (hardware: string, order: number) => `${hardware}:${String(order).padStart(2, '0')}`;
