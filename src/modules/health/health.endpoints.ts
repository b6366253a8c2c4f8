import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { checkHealth } from "./health.service";

export const healthEndpoints = [implement(contracts.health, ({ deps }) => checkHealth(deps))];
