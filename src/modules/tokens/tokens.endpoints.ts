/** /api/admin/tokens: API tokens for machine clients (decision 058); refused to tokens themselves. */
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";
import { createApiToken, listApiTokens, revokeApiToken } from "./tokens.service";

export const tokensEndpoints = [
  implement(contracts.listApiTokens, ({ db }) => listApiTokens(db)),
  implement(contracts.createApiToken, {
    write: (tx, { op, body }) => createApiToken(tx, op, body),
  }),
  implement(contracts.revokeApiToken, {
    write: (tx, { op, params }) => revokeApiToken(tx, op, params.tokenId),
  }),
];
