import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import {
  closeShift,
  currentShift,
  getShift,
  listShifts,
  openShift,
  recordTillMovement,
} from "./shifts.service";

export const shiftsEndpoints = [
  // Before /api/shifts/{id}, which would take "current" for an id.
  implement(contracts.currentShift, ({ db, actor }) => currentShift(db, actor)),
  implement(contracts.listShifts, ({ db, actor, query }) => listShifts(db, actor, query)),
  implement(contracts.getShift, ({ db, actor, params }) => getShift(db, actor, params.id)),
  implement(contracts.openShift, { write: (tx, { op, body }) => openShift(tx, op, body) }),
  implement(contracts.closeShift, {
    write: (tx, { op, params, body }) => closeShift(tx, op, params.id, body),
  }),
  implement(contracts.recordTillMovement, {
    write: (tx, { op, params, body }) => recordTillMovement(tx, op, params.id, body),
  }),
];
