import { eventStoreConformance } from '../../tests/conformance/eventstore.conformance.js';
import { createMemoryEventStore } from './memory.js';

eventStoreConformance('memory', async () => {
  const store = createMemoryEventStore();
  return { store, teardown: () => store.close() };
});
