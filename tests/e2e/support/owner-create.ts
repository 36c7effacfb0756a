import { spawn } from 'node:child_process';

/**
 * `npm run owner:create -- …` with the password piped on stdin, as an operator runs it on the server: on the
 * embedded database of `dataDir`, even where a test:pg environment sets DATABASE_URL.
 */
export function ownerCreate(dataDir: string, args: string[], password: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', 'owner:create', '--', ...args], {
      env: { ...inherited, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(`${password}\n`);
  });
}
