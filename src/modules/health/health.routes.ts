import { createRouter } from "../../lib/http";
import { checkHealth } from "./health.service";

export const healthRoutes = createRouter().get("/health", (c) =>
  c.json(checkHealth(c.get("deps"))),
);
