import { type ChildProcess, execFile, spawn } from 'node:child_process';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (no shell), with its output. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: 120_000, maxBuffer: 8 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * A long-running process whose output lines are kept: `line(re)` resolves with the first line
 * matching (already printed or still to come) and rejects when the process ends first.
 */
export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
) {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  let ended = false;
  const take = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
      for (const notify of waiting) notify();
    });
  };
  take(child.stdout);
  take(child.stderr);
  const exited = new Promise<number>((resolve) => {
    child.on('exit', (code) => {
      ended = true;
      for (const notify of waiting) notify();
      resolve(code ?? 1);
    });
  });
  return {
    lines,
    exited,
    /** `withinMs` bounds the wait so that a line that never comes fails with the output so far. */
    line(re: RegExp, withinMs = 60_000): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no line matching ${re} within ${withinMs} ms:\n${lines.join('\n')}`));
        }, withinMs);
        const check = () => {
          for (const text of lines) {
            const match = text.match(re);
            if (match) {
              waiting.delete(check);
              clearTimeout(timer);
              resolve(match);
              return;
            }
          }
          if (ended) {
            waiting.delete(check);
            clearTimeout(timer);
            reject(new Error(`${command} ended without a line matching ${re}:\n${lines.join('\n')}`));
          }
        };
        waiting.add(check);
        check();
      });
    },
    async stop() {
      if (!ended) child.kill('SIGTERM');
      await exited;
    },
  };
}
