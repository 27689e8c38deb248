// socket.io-client behind a module of its own, so its lazily imported chunk is named after it
// (socket-client-*.js) rather than after the package's entry file.
export { io } from 'socket.io-client';
