/** Where a command's lines go: the process's stdout and stderr, or a test's strings. */
export interface CliOutput {
  /** A line of results (stdout): codes, a package, a generated password. */
  out(line: string): void;
  /** A line for the operator (stderr): what was done, or why not. */
  err(line: string): void;
}

/** The process's own stdout and stderr, a line each call, as console.log and console.error. */
export const processOutput: CliOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};
