import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { integrityStatus } from "../../lib/integrity";
import { checkHealth } from "./health.service";

export const healthEndpoints = [
  implement(contracts.health, ({ deps }) => checkHealth(deps)),
  implement(contracts.integrityStatus, ({ db, deps }) =>
    integrityStatus(db, deps.integrityCheckHours),
  ),
];
