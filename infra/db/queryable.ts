import type { ClientBase } from 'pg';

/** What a read-model query needs: a pool or a checked-out client (one inside a transaction). */
export type Queryable = Pick<ClientBase, 'query'>;
