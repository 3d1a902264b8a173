// A problem the user fixes (a flag, a path, a key), shown as the message alone, without a stack.
// `fatal` marks the ones that stop a whole batch: no later entry could succeed (server down, key refused).

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
    readonly fatal = false,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
