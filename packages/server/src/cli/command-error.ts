/**
 * A reason an operator can act on that only the command line knows (a cancelled prompt, a file
 * that exists already): the command exits 1 with the message. What a feature refuses comes as
 * an AppError, whose `detail` the command prints instead.
 */
export class CommandError extends Error {}
