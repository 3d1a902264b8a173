// What a command reads its paths and settings from and writes its messages to: the process's own by
// default; tests of problems found before any request pass their own and stay in one process.

export interface CliIo {
  stderr: NodeJS.WriteStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): CliIo => ({ stderr: process.stderr, cwd: process.cwd(), env: process.env });
