/**
 * The limit for a test that starts processes (a server, the CLI, ffmpeg) and waits for what they
 * do. The tests wait on state (a line printed, a row written, a process gone); this is only the
 * bound past which something is wrong. The default 30 s was within reach of a healthy run on a
 * busy 2-core CI machine (tsx start-ups and transcodes slow down several-fold there).
 */
export const PROCESS_TEST_MS = 180_000;
