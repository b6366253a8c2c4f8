/**
 * API tokens for machine clients (decision 058): the list with each token's prefix, maker,
 * expiry, last use and status; Create (name, role, optional expiry), then the secret shown
 * once with a copy button; Revoke after a confirmation.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { ApiTokenDto, CreatedApiTokenDto } from "../../../../src/domain/dto";
import { createApiTokenSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { DialogButton } from "../../../components/ui/dialog-button";
import { FormActions, InputField, SelectField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/load-state";
import { Panel } from "../../../components/ui/page-header";
import { ApiError } from "../../../lib/api-client";
import { capitalise } from "../../../lib/format";
import {
  businessToday,
  endOfLocalDay,
  formatCompactDateTime,
  formatDateTime,
} from "../../../lib/time";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/tokens";

type Status = "Active" | "Revoked" | "Expired";

export function tokenStatus(token: ApiTokenDto, now = Date.now()): Status {
  if (token.revokedAt) return "Revoked";
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return "Expired";
  return "Active";
}

const STATUS_CLASS: Record<Status, string> = {
  Active: "badge-success",
  Revoked: "badge-ghost",
  Expired: "badge-warning",
};

/** A table's short date and time, the full one on hover; `none` when there is none. */
function When({ at, none }: { at: string | null; none: string }) {
  if (!at) return none;
  return <span title={formatDateTime(at)}>{formatCompactDateTime(at)}</span>;
}

const formSchema = z.object({
  name: createApiTokenSchema.shape.name,
  role: createApiTokenSchema.shape.role,
  expires: z.string(),
});

/** The secret, shown this once: a read-only field to select and a button that copies it. */
function RevealToken({ created, onClose }: { created: CreatedApiTokenDto; onClose: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <div>
      <div role="alert" className="alert alert-warning mb-4 text-sm">
        Copy this token now. It will not be shown again: only its first characters ({created.prefix}
        ) stay on the list.
      </div>
      <InputField
        label={`API token ${created.name}`}
        readOnly
        value={created.token}
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="mb-3 text-sm text-base-content/80">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>; it acts as{" "}
        {capitalise(created.role)}.
      </p>
      <p className="sr-only" aria-live="polite">
        {copied === "yes" ? "Token copied" : ""}
      </p>
      {copied === "failed" && (
        <p className="mb-3 text-sm text-error">
          Could not copy: select the token and copy it yourself.
        </p>
      )}
      <div className="modal-action">
        <button
          type="button"
          className="btn"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(created.token);
              setCopied("yes");
            } catch {
              setCopied("failed");
            }
          }}
        >
          {copied === "yes" ? "Copied" : "Copy token"}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const mutation = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof formSchema>,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), defaultValues: { name: "", role: "user", expires: "" } });
  const errors = formState.errors;
  return (
    <Dialog title={created ? "API token created" : "Create API token"} onClose={onClose}>
      {created ? (
        <RevealToken created={created} onClose={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((values) => {
            mutation.mutate(
              {
                name: values.name,
                role: values.role,
                expiresAt: values.expires ? endOfLocalDay(values.expires) : null,
              },
              {
                onSuccess: setCreated,
                onError: (error) => {
                  const fields = error instanceof ApiError ? error.fields : undefined;
                  if (fields?.expiresAt) setError("expires", { message: fields.expiresAt });
                  else if (fields?.name) setError("name", { message: fields.name });
                  else {
                    const message =
                      error instanceof ApiError ? error.serverMessage : "No answer from the server";
                    setError("root", { message });
                  }
                },
              },
            );
          })}
        >
          <InputField
            label="Name"
            autoComplete="off"
            hint="What uses it, e.g. till-sync"
            error={errors.name?.message}
            {...register("name")}
          />
          <SelectField label="Role" error={errors.role?.message} {...register("role")}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </SelectField>
          <InputField
            label="Expires (optional)"
            type="date"
            min={businessToday()}
            hint="Empty: valid until revoked. It stops working at the end of that day."
            error={errors.expires?.message}
            {...register("expires")}
          />
          {errors.root?.message && (
            <p role="alert" className="text-sm text-error">
              {errors.root.message}
            </p>
          )}
          <FormActions
            onCancel={onClose}
            pending={mutation.isPending}
            label="Create token"
            pendingLabel="Creating..."
          />
        </form>
      )}
    </Dialog>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: ApiTokenDto; onClose: () => void }) {
  const mutation = useRevokeApiToken();
  return (
    <Dialog title={`Revoke ${token.name}?`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate({ tokenId: token.id }, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          Every client using {token.name} ({token.prefix}…) is refused from now on. This cannot be
          undone: make a new token to give access again.
        </p>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label="Revoke"
          pendingLabel="Revoking..."
          destructive
        />
      </form>
    </Dialog>
  );
}

function TokenRow({ token }: { token: ApiTokenDto }) {
  const status = tokenStatus(token);
  return (
    <tr>
      <th scope="row" className="font-medium break-words">
        {token.name}
      </th>
      <td>{capitalise(token.role)}</td>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>
        {token.createdBy.username}, <When at={token.createdAt} none="" />
      </td>
      <td>
        <When at={token.expiresAt} none="Never" />
      </td>
      <td>
        <When at={token.lastUsedAt} none="Never used" />
      </td>
      <td>
        <span className={`badge ${STATUS_CLASS[status]}`}>{status}</span>
      </td>
      <td>
        {token.revokedAt ? null : (
          <DialogButton
            label="Revoke"
            className="btn-sm btn-outline btn-error"
            title={`Revoke ${token.name}`}
          >
            {(close) => <RevokeTokenDialog token={token} onClose={close} />}
          </DialogButton>
        )}
      </td>
    </tr>
  );
}

export function ApiTokensPanel() {
  const query = useApiTokens();
  const tokens = query.data;
  return (
    <Panel
      title="API tokens"
      actions={
        <DialogButton label="Create API token" className="btn-sm btn-primary">
          {(close) => <CreateTokenDialog onClose={close} />}
        </DialogButton>
      }
    >
      <p className="mb-2 text-sm text-base-content/80">
        Machine clients send a token as <code>Authorization: Bearer &lt;token&gt;</code>. It acts
        with its role, is named <code>token:&lt;name&gt;</code> in the audit trail, and cannot
        manage tokens, passwords or users.
      </p>
      {query.isPending ? (
        <LoadingText text="Loading API tokens..." />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-error">
          Could not load the API tokens:{" "}
          {query.error instanceof ApiError
            ? query.error.serverMessage
            : "no answer from the server"}
        </p>
      ) : tokens && tokens.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">API tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Token</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="p-4 text-center text-sm text-base-content/80">No API tokens yet.</p>
      )}
    </Panel>
  );
}
