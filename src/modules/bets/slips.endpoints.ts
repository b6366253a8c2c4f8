import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { assertVisibleCustomer, ownCustomerOf } from "../../lib/scope";
import { findSlip, getSlip } from "./slips.service";

/** Bet slips (issue 12, decision 031): print one, find a bet by its code. */
export const slipsEndpoints = [
  implement(contracts.getBetSlip, ({ c, db, params }) => {
    const slip = getSlip(db, params.id);
    assertVisibleCustomer(ownCustomerOf(c.get("user")), slip.customer.id, "Bet");
    return slip;
  }),
  implement(contracts.findSlip, ({ db, params }) => findSlip(db, params.code)),
];
