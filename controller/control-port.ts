import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ControllerClock } from './clock.js';
import type { Controller } from './controller.js';

// The controller's local control port (CONTROLLER_PORT, on 127.0.0.1 only): what a test or an
// integrator's panel uses to press codes, read the doors, simulate a jam, a door held open or a
// forced door, sync now, and (with CONTROLLER_FAKE_CLOCK=1) move the clock forward.
//   POST /press {code, locker_order?}      GET /state          POST /sync
//   POST /doors/{n}/jam {on}  POST /doors/{n}/hold {on}  POST /doors/{n}/force
//   POST /clock/advance {ms}               POST /resend-last-batch

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

export function startControlPort(controller: Controller, clock: ControllerClock, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://controller');
      const door = /^\/doors\/(\d+)\/(jam|hold|force)$/.exec(url.pathname);
      const body = req.method === 'POST' ? await jsonBody(req) : {};
      if (req.method === 'GET' && url.pathname === '/state') return send(res, 200, controller.state());
      if (req.method !== 'POST') return send(res, 404, { error: 'not_found' });
      if (url.pathname === '/press') {
        const order = typeof body.locker_order === 'number' ? body.locker_order : null;
        return send(res, 200, await controller.press(typeof body.code === 'string' ? body.code : '', order));
      }
      if (url.pathname === '/sync') return send(res, 200, { synced: await controller.sync(), state: controller.state() });
      if (url.pathname === '/clock/advance') {
        return clock.advance(Number(body.ms ?? 0)) ? send(res, 200, { now: controller.state().now }) : send(res, 404, { error: 'fake_clock_off' });
      }
      if (url.pathname === '/resend-last-batch') return send(res, 200, { answer: await controller.resendLastBatch() });
      if (door) {
        const order = Number(door[1]);
        if (door[2] === 'force') controller.doors.force(order);
        else controller.doors.simulate(order, { [door[2]!]: body.on !== false });
        return send(res, 200, { doors: controller.doors.states() });
      }
      return send(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => send(res, 500, { error: (error as Error).message }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
