/**
 * API tokens (decision 058): made by an admin (the secret answered once, only its hash kept),
 * listed with their last use, revoked by setting revokedAt. The row stays after revoking, so
 * the audit trail's `token:<name>#<id>` rows keep a token to point at.
 */
import { desc, eq } from "drizzle-orm";
import type { AppDb, DbOrTx, Tx } from "../../db/client";
import { apiTokens, users } from "../../db/schema";
import type { ApiTokenDto, CreatedApiTokenDto } from "../../domain/dto";
import type { CreateApiTokenInput } from "../../domain/schemas";
import type { Mutation, Op } from "../../lib/audit";
import { generateApiToken } from "../../lib/auth/api-token";
import { AppError, notFound } from "../../lib/errors";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function rowsOf(db: DbOrTx) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      role: apiTokens.role,
      prefix: apiTokens.prefix,
      createdAt: apiTokens.createdAt,
      createdById: apiTokens.createdBy,
      createdByName: users.username,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>["all"]>>[number];

function toDto(row: Row): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    createdAt: new Date(row.createdAt).toISOString(),
    createdBy: { id: row.createdById, username: row.createdByName },
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

function tokenDto(db: DbOrTx, id: number): ApiTokenDto {
  const row = rowsOf(db).where(eq(apiTokens.id, id)).get();
  if (!row) throw notFound("Token");
  return toDto(row);
}

/** Every token, newest first (a shop has a handful: no paging). */
export function listApiTokens(db: AppDb): ApiTokenDto[] {
  return rowsOf(db).orderBy(desc(apiTokens.id)).all().map(toDto);
}

/** What the audit rows keep of a token: never its secret or hash. */
function auditView(dto: ApiTokenDto) {
  return {
    name: dto.name,
    role: dto.role,
    prefix: dto.prefix,
    expiresAt: dto.expiresAt,
    revokedAt: dto.revokedAt,
  };
}

export function createApiToken(
  tx: Tx,
  op: Op,
  input: CreateApiTokenInput,
): Mutation<CreatedApiTokenDto> {
  const expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : null;
  if (expiresAt !== null && expiresAt <= op.now) {
    throw new AppError("VALIDATION", "Expiry must be in the future", {
      expiresAt: "Expiry must be in the future",
    });
  }
  const { token, hash, prefix } = generateApiToken();
  const row = tx
    .insert(apiTokens)
    .values({
      name: input.name,
      role: input.role,
      prefix,
      secretHash: hash,
      createdBy: op.actor.userId,
      createdAt: op.now,
      expiresAt,
    })
    .returning({ id: apiTokens.id })
    .get();
  const dto = tokenDto(tx, row.id);
  return {
    body: { ...dto, token },
    audit: { entityType: "API_TOKEN", entityId: row.id, after: auditView(dto) },
  };
}

/** Revokes a token; one already revoked is answered as it is and changes nothing. */
export function revokeApiToken(tx: Tx, op: Op, tokenId: number): Mutation<ApiTokenDto> {
  const before = tokenDto(tx, tokenId);
  if (before.revokedAt !== null) return { body: before, unchanged: true };
  tx.update(apiTokens).set({ revokedAt: op.now }).where(eq(apiTokens.id, tokenId)).run();
  const after = tokenDto(tx, tokenId);
  return {
    body: after,
    audit: {
      entityType: "API_TOKEN",
      entityId: tokenId,
      before: auditView(before),
      after: auditView(after),
    },
  };
}
