// Closing a connection whose request body is still arriving. Node's server destroys the socket as
// soon as the answer is flushed; bytes the client sent meanwhile are then unread, the kernel
// answers them with a reset, and a reset can make the client's kernel drop our answer before the
// client read it (the 413 is lost; seen under load). So the write side closes first and what still
// arrives is read and dropped (Node dumps the unread body) until the client closes, or at most
// LINGER_MS: the usual "lingering close" of HTTP servers.
import type { Socket } from 'node:net';

const LINGER_MS = 2000;

export function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy()); // the client read the answer and closed its side
    this.once('close', () => clearTimeout(timer));
  };
}
