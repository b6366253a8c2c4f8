import { readEnv } from "./env";
import { startServer } from "./server";

const running = await startServer(readEnv());

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    running.stop();
    process.exit(0);
  });
}
