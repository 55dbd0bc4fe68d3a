import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A self-signed certificate for localhost and 127.0.0.1, made once with openssl, for the test push
 * service on loopback. The server under test trusts it only through NODE_EXTRA_CA_CERTS (ADDENDUM §9): set
 * it before Node starts the processes that call the push service (vitest.config.ts does, for its workers).
 */
export function testPushCertificate(): { certFile: string; keyFile: string } {
  const dir = path.join(os.tmpdir(), 'vehicle-contact-test-push-ca');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmpKey = `${keyFile}.${process.pid}`;
    const tmpCert = `${certFile}.${process.pid}`;
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        '/CN=vehicle-contact test push service',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        tmpKey,
        '-out',
        tmpCert,
      ],
      { stdio: 'ignore' },
    );
    // Renamed into place: parallel first runs never read half a file.
    fs.renameSync(tmpKey, keyFile);
    fs.renameSync(tmpCert, certFile);
  }
  return { certFile, keyFile };
}
