import type { OperatorView } from '@contract/operators/operator-schemas';

// The Operators feature's shapes: the contract's, never a copy.
export type Operator = OperatorView;
