// A throwaway PKI for one test run, made with the openssl CLI: a CA, the stand-in PSP's server
// certificate (localhost, 127.0.0.1) and Hub's client certificate, all signed by that CA; plus a
// client certificate from another CA, which the PSP must refuse. Written into a temp folder the
// caller removes (tests/support/temp-dirs.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCerts {
  dir: string;
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  clientCertFile: string;
  clientKeyFile: string;
  /** Signed by a CA the PSP does not trust. */
  strangerCertFile: string;
  strangerKeyFile: string;
  read(file: string): Buffer;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function makeCa(dir: string, name: string) {
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', `/CN=${name}`]);
}

function makeLeaf(dir: string, name: string, ca: string, extensions: string) {
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
  writeFileSync(join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
}

export function makeTestCerts(dir: string): TestCerts {
  makeCa(dir, 'ca');
  makeCa(dir, 'stranger-ca');
  makeLeaf(dir, 'server', 'ca', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  makeLeaf(dir, 'client', 'ca', 'extendedKeyUsage=clientAuth\n');
  makeLeaf(dir, 'stranger', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  const at = (file: string) => join(dir, file);
  return {
    dir,
    caFile: at('ca.pem'),
    serverCertFile: at('server.pem'),
    serverKeyFile: at('server.key'),
    clientCertFile: at('client.pem'),
    clientKeyFile: at('client.key'),
    strangerCertFile: at('stranger.pem'),
    strangerKeyFile: at('stranger.key'),
    read: (file) => readFileSync(file),
  };
}
