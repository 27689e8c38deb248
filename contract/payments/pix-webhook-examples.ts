import type { z } from 'zod';
import type { PixNotification, PixNotificationAnswer } from './pix-webhook-endpoints.js';

// The PSP's notification of the example reservation's PIX (contract/shared/example-data.ts).

export const pixWebhookExamples = {
  pixWebhook: {
    body: {
      pix: [
        { endToEndId: 'E12345678202611261832abcdef12345', txid: 'Hc4d1e9f06a2b4e3c8d7f1b5a9e2c6f3001', valor: '15.00', horario: '2026-11-26T18:32:10.000Z' },
      ],
    } satisfies z.input<typeof PixNotification>,
    response: { received: 1 } satisfies z.output<typeof PixNotificationAnswer>,
  },
};
