import { readEnv } from "./env";
import { messageOf } from "./lib/errors";
import { log } from "./lib/logger";
import { EXIT_WAL_NOT_MERGED, startServer } from "./server";

let running: Awaited<ReturnType<typeof startServer>>;
try {
  running = await startServer(readEnv());
} catch (err) {
  // A refusal to start is one line for the operator (the port, the database, a setting).
  process.stderr.write(`Not started: ${messageOf(err)}\n`);
  process.exit(1);
}

// SIGTERM (systemd, containers), SIGINT (Ctrl-C) and SIGHUP (the terminal went away: an SSH
// session closed on a foreground `bun start`): the clean stop of decision 054. Unhandled,
// SIGHUP killed the server outright (exit 129): requests cut, the WAL left unmerged. It is a
// stop, not a reload: the server reads its settings only at start.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    running.shutdown(signal).then(
      ({ walMerged }) => process.exit(walMerged ? 0 : EXIT_WAL_NOT_MERGED),
      (err) => {
        log.error("the stop failed", { error: messageOf(err) });
        process.exit(1);
      },
    );
  });
}
