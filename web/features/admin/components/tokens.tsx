/**
 * API tokens for machine clients (decision 058): the list with each token's prefix, maker,
 * expiry, last use and status; Create (name, role, optional expiry), then the secret shown
 * once with a copy button (which takes the focus from the form's Create token it replaced);
 * Revoke after a confirmation (the focus then on the revoked token's name, Revoke being gone).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type Ref, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { ApiTokenDto, CreatedApiTokenDto } from "../../../../src/domain/dto";
import { createApiTokenSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { DialogButton } from "../../../components/ui/dialog-button";
import { FormActions, InputField, SelectField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/load-state";
import { Panel } from "../../../components/ui/page-header";
import { useFocusFollowsSwap } from "../../../components/ui/use-focus-kept-through-pending";
import { useT } from "../../../i18n";
import { richText } from "../../../i18n/rich-text";
import { ApiError, errorMessage } from "../../../lib/api-client";
import {
  businessToday,
  endOfLocalDay,
  formatCompactDateTime,
  formatDateTime,
} from "../../../lib/time";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/tokens";
import "../../../i18n/areas/admin";
import "../../../i18n/areas/ui";

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

/** A role as people read it ("Admin"; de: "Admin", "Mitarbeiter"). */
function useRoleName() {
  const t = useT();
  return (role: ApiTokenDto["role"]) => t(`ui.roles.${role}`);
}

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
function RevealToken({
  created,
  onClose,
  copyRef,
}: {
  created: CreatedApiTokenDto;
  onClose: () => void;
  copyRef: Ref<HTMLButtonElement>;
}) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const t = useT();
  const roleName = useRoleName();
  return (
    <div>
      <div role="alert" className="alert alert-warning mb-4 text-sm">
        {t("admin.tokens.copyNow", { prefix: created.prefix })}
      </div>
      <InputField
        label={t("admin.tokens.fieldLabel", { name: created.name })}
        readOnly
        value={created.token}
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="mb-3 text-sm text-base-content/80">
        {richText(
          (places) => t("admin.tokens.sendAs", places),
          { code: <code /> },
          { role: roleName(created.role) },
        )}
      </p>
      <p className="sr-only" aria-live="polite">
        {copied === "yes" ? t("admin.tokens.copiedAnnounce") : ""}
      </p>
      {copied === "failed" && (
        <p className="mb-3 text-sm text-error">{t("admin.tokens.copyFailed")}</p>
      )}
      <div className="modal-action">
        <button
          ref={copyRef}
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
          {copied === "yes" ? t("admin.tokens.copied") : t("admin.tokens.copy")}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t("admin.tokens.done")}
        </button>
      </div>
    </div>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const mutation = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const t = useT();
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof formSchema>,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), defaultValues: { name: "", role: "user", expires: "" } });
  const errors = formState.errors;
  // The secret in place of the form: Copy has the focus that Create token had.
  const copy = useRef<HTMLButtonElement>(null);
  const steps = useFocusFollowsSwap<HTMLDivElement>(created !== null, () => copy.current);
  return (
    <Dialog
      title={created ? t("admin.tokens.createdTitle") : t("admin.tokens.create")}
      onClose={onClose}
    >
      <div ref={steps}>
        {created ? (
          <RevealToken created={created} onClose={onClose} copyRef={copy} />
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
                      // In the language shown, as a toast would say it (decision 065).
                      const message =
                        error instanceof ApiError ? errorMessage(error) : t("errors.noAnswerTitle");
                      setError("root", { message });
                    }
                  },
                },
              );
            })}
          >
            <InputField
              label={t("admin.tokens.name")}
              autoComplete="off"
              hint={t("admin.tokens.nameHint")}
              error={errors.name?.message}
              {...register("name")}
            />
            <SelectField
              label={t("admin.tokens.role")}
              error={errors.role?.message}
              {...register("role")}
            >
              <option value="user">{t("ui.roles.user")}</option>
              <option value="admin">{t("ui.roles.admin")}</option>
            </SelectField>
            <InputField
              label={t("admin.tokens.expiresLabel")}
              type="date"
              min={businessToday()}
              hint={t("admin.tokens.expiresHint")}
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
              label={t("admin.tokens.submit")}
              pendingLabel={t("admin.tokens.creating")}
            />
          </form>
        )}
      </div>
    </Dialog>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: ApiTokenDto; onClose: () => void }) {
  const mutation = useRevokeApiToken();
  const t = useT();
  return (
    <Dialog title={t("admin.tokens.revokeQuestion", { name: token.name })} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate({ tokenId: token.id }, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          {t("admin.tokens.revokeText", { name: token.name, prefix: token.prefix })}
        </p>
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("admin.tokens.revoke")}
          pendingLabel={t("admin.tokens.revoking")}
          destructive
        />
      </form>
    </Dialog>
  );
}

function TokenRow({ token }: { token: ApiTokenDto }) {
  const status = tokenStatus(token);
  const t = useT();
  const roleName = useRoleName();
  // Revoked, the row has no Revoke: the focus it had goes to the token's name.
  const name = useRef<HTMLTableCellElement>(null);
  const row = useFocusFollowsSwap<HTMLTableRowElement>(
    token.revokedAt !== null,
    () => name.current,
  );
  return (
    <tr ref={row}>
      <th ref={name} tabIndex={-1} scope="row" className="font-medium break-words">
        {token.name}
      </th>
      <td>{roleName(token.role)}</td>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>
        {token.createdBy.username}, <When at={token.createdAt} none="" />
      </td>
      <td>
        <When at={token.expiresAt} none={t("admin.tokens.never")} />
      </td>
      <td>
        <When at={token.lastUsedAt} none={t("admin.tokens.neverUsed")} />
      </td>
      <td>
        <span className={`badge ${STATUS_CLASS[status]}`}>
          {t(`admin.tokens.statuses.${status}`)}
        </span>
      </td>
      <td>
        {token.revokedAt ? null : (
          <DialogButton
            label={t("admin.tokens.revoke")}
            className="btn-sm btn-outline btn-error"
            title={t("admin.tokens.revokeTitle", { name: token.name })}
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
  const t = useT();
  return (
    <Panel
      title={t("admin.tokens.title")}
      actions={
        <DialogButton label={t("admin.tokens.create")} className="btn-sm btn-primary">
          {(close) => <CreateTokenDialog onClose={close} />}
        </DialogButton>
      }
    >
      <p className="mb-2 text-sm text-base-content/80">
        {richText(t("admin.tokens.intro"), { code: <code /> })}
      </p>
      {query.isPending ? (
        <LoadingText text={t("admin.tokens.loading")} />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-error">
          {t("admin.tokens.loadFailed", {
            reason:
              query.error instanceof ApiError
                ? errorMessage(query.error)
                : t("admin.tokens.noAnswer"),
          })}
        </p>
      ) : tokens && tokens.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">{t("admin.tokens.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.tokens.name")}</th>
                <th scope="col">{t("admin.tokens.role")}</th>
                <th scope="col">{t("admin.tokens.token")}</th>
                <th scope="col">{t("admin.tokens.created")}</th>
                <th scope="col">{t("admin.tokens.expires")}</th>
                <th scope="col">{t("admin.tokens.lastUsed")}</th>
                <th scope="col">{t("admin.tokens.status")}</th>
                <th scope="col">
                  <span className="sr-only">{t("admin.tokens.actions")}</span>
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
        <p className="p-4 text-center text-sm text-base-content/80">{t("admin.tokens.empty")}</p>
      )}
    </Panel>
  );
}
