import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper } from "@tanstack/react-table";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { ManagedUserDto } from "../../../../src/domain/dto";
import { ROLES, type Role } from "../../../../src/domain/enums";
import { createUserSchema } from "../../../../src/domain/schemas";
import { CardFacts, DataTable, useTableState } from "../../../components/ui/data-table";
import { InputField, SelectField } from "../../../components/ui/field";
import { UserLink } from "../../../components/ui/links";
import { NewPasswordField, usePasswordVerdict } from "../../../components/ui/new-password-field";
import { Panel } from "../../../components/ui/page-header";
import { PickerField } from "../../../components/ui/picker-field";
import { useFocusKeptThroughPending } from "../../../components/ui/use-focus-kept-through-pending";
import { useT } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatCompactDateTime, formatDate } from "../../../lib/format";
import { currentUserAtom } from "../../../lib/session";
import { CustomerPicker } from "../../customers";
import { lastSignInText, UserStatusBadges } from "../../users";
import { useCreateUser } from "../api/create-user";
import { useAdminUsers } from "../api/get-admin-users";
import { UserActions, UserDialogs, useOpenUserDialog } from "./user-actions";
import "../../../i18n/areas/admin";
import "../../../i18n/areas/ui";

const col = createColumnHelper<ManagedUserDto>();

/** Shown from 1536 px only, so the panel's table fits beside Create User (and on cards). */
const WIDE_ONLY = "hidden 2xl:table-cell";

/**
 * The user's role: choosing another asks first (./change-role-dialog.tsx), as the change
 * ends their sessions. The select keeps showing the role the server has until it changes.
 */
function RoleSelect({ user }: { user: ManagedUserDto }) {
  const openDialog = useOpenUserDialog();
  const t = useT();
  return (
    <select
      aria-label={t("admin.users.roleOf", { username: user.username })}
      className="select select-bordered select-sm min-w-24"
      // The role dialog gives the focus back to this select, or to its successor (a row
      // re-rendered while the dialog was open).
      data-role-of={user.id}
      value={user.role}
      onChange={(event) => {
        const role = event.target.value as Role;
        if (role !== user.role) openDialog({ kind: "role", user, role });
      }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`ui.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

/** A table's short "22 Nov 14:05", the full date and time on hover; "Never" if never. */
function LastSignIn({ at }: { at: string | null }) {
  if (!at) return lastSignInText(at);
  return <span title={lastSignInText(at)}>{formatCompactDateTime(at)}</span>;
}

/** The row's actions; the signed-in admin's own row cannot be disabled. */
function RowActions({ user }: { user: ManagedUserDto }) {
  const me = useAtomValue(currentUserAtom);
  return <UserActions user={user} isSelf={me?.id === user.id} />;
}

/** The table's columns, their headers in the language showing. */
function useColumns() {
  const t = useT();
  return useMemo(() => columnsIn(t), [t]);
}

const columnsIn = (t: ReturnType<typeof useT>) => [
  col.accessor("username", {
    header: t("admin.users.username"),
    cell: (c) => <UserLink user={c.row.original} fallback="" />,
  }),
  col.accessor("role", {
    header: t("admin.users.role"),
    cell: (c) => <RoleSelect user={c.row.original} />,
  }),
  col.display({
    id: "status",
    header: t("admin.users.status"),
    cell: (c) => <UserStatusBadges user={c.row.original} compact />,
  }),
  col.accessor("lastSignInAt", {
    header: t("admin.users.lastSignIn"),
    enableSorting: false,
    cell: (c) => <LastSignIn at={c.getValue()} />,
  }),
  col.accessor("createdAt", {
    header: t("admin.users.created"),
    meta: { className: WIDE_ONLY },
    cell: (c) => formatDate(c.getValue()),
  }),
  col.display({
    id: "actions",
    header: t("admin.users.actions"),
    cell: (c) => <RowActions user={c.row.original} />,
  }),
];

/** A user on a phone: name and status, role, last sign-in, then the actions. */
function UserCard({ user }: { user: ManagedUserDto }) {
  const t = useT();
  return (
    <article className="flex flex-col gap-2 text-sm" aria-label={user.username}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 font-semibold break-words">
          <UserLink user={user} fallback="" />
        </span>
        <UserStatusBadges user={user} />
      </div>
      <RoleSelect user={user} />
      <CardFacts
        facts={[
          [t("admin.users.lastSignIn"), lastSignInText(user.lastSignInAt)],
          [t("admin.users.created"), formatDate(user.createdAt)],
        ]}
      />
      <RowActions user={user} />
    </article>
  );
}

export function UserRolesPanel() {
  const state = useTableState();
  const query = useAdminUsers(state.params);
  const columns = useColumns();
  const t = useT();
  return (
    <Panel title={t("admin.users.title")}>
      <UserDialogs>
        <DataTable
          columns={columns}
          state={state}
          query={query}
          loadingText={t("admin.users.loading")}
          emptyText={t("admin.users.empty")}
          searchLabel={t("admin.users.search")}
          renderCard={(user) => <UserCard user={user} />}
        />
      </UserDialogs>
    </Panel>
  );
}

type CreateUserValues = z.input<typeof createUserSchema>;

/**
 * A new account: its password passes the server's rules (the meter shows them as it is
 * typed) and the user replaces it at the first sign-in (decision 046).
 */
export function CreateUserPanel() {
  const mutation = useCreateUser();
  const { register, handleSubmit, formState, reset, control, watch, setValue, setError } = useForm<
    CreateUserValues,
    unknown,
    z.output<typeof createUserSchema>
  >({
    resolver: zodResolver(createUserSchema),
    defaultValues: { username: "", password: "", role: "user" },
  });
  const errors = formState.errors;
  // A customer login belongs to one customer record (issue 10): picked here, and only then.
  const customerLogin = watch("role") === "customer";
  const typed = watch("password") ?? "";
  const verdict = usePasswordVerdict(typed, watch("username") ?? "");
  // Disabled while the password hashes: pressed from the keyboard, it has the focus again after.
  const submit = useFocusKeptThroughPending(mutation.isPending);
  const t = useT();
  return (
    <Panel title={t("admin.createUser.title")}>
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          if (verdict?.problem) {
            setError("password", { message: verdict.problem }, { shouldFocus: true });
            return;
          }
          mutation.mutate(values, {
            onSuccess: () => reset(),
            onError: (error) => {
              // A refused password or a taken username also under its field, focused (the
              // toast says it too).
              const fields = error instanceof ApiError ? error.fields : undefined;
              const name = fields?.username ? "username" : fields?.password ? "password" : null;
              const message = name ? fields?.[name] : undefined;
              if (name && message) setError(name, { message }, { shouldFocus: true });
            },
          });
        })}
      >
        <InputField
          label={t("admin.createUser.username")}
          autoComplete="off"
          error={errors.username?.message}
          {...register("username")}
        />
        <NewPasswordField
          label={t("admin.createUser.password")}
          typed={typed}
          verdict={verdict}
          error={errors.password?.message}
          {...register("password")}
        />
        <p className="mb-3 text-sm text-base-content/80">{t("admin.createUser.firstSignIn")}</p>
        <SelectField
          label={t("admin.createUser.role")}
          defaultValue="user"
          error={errors.role?.message}
          {...register("role", {
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value !== "customer") setValue("customerId", undefined);
            },
          })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`ui.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        {customerLogin && (
          <PickerField control={control} name="customerId" picker={CustomerPicker} />
        )}
        <button
          ref={submit}
          type="submit"
          className="btn btn-primary"
          disabled={mutation.isPending}
        >
          {mutation.isPending ? t("admin.createUser.creating") : t("admin.createUser.submit")}
        </button>
      </form>
    </Panel>
  );
}
