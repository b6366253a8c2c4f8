import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper } from "@tanstack/react-table";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ROLES, type Role } from "../../../../src/domain/enums";
import { createUserSchema } from "../../../../src/domain/schemas";
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { InputField, SelectField } from "../../../components/ui/field";
import { UserLink } from "../../../components/ui/links";
import { Panel } from "../../../components/ui/page-header";
import { capitalise, formatDate } from "../../../lib/format";
import type { User } from "../../users";
import { useChangeUserRole } from "../api/change-user-role";
import { useCreateUser } from "../api/create-user";
import { useAdminUsers } from "../api/get-admin-users";

const col = createColumnHelper<User>();

function RoleSelect({ user }: { user: User }) {
  const mutation = useChangeUserRole();
  return (
    <select
      aria-label={`Role of ${user.username}`}
      className="select select-bordered select-sm"
      value={user.role}
      disabled={mutation.isPending}
      onChange={(event) => mutation.mutate({ userId: user.id, role: event.target.value as Role })}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {capitalise(role)}
        </option>
      ))}
    </select>
  );
}

const columns = [
  col.accessor("username", {
    header: "Username",
    cell: (c) => <UserLink user={c.row.original} fallback="" />,
  }),
  col.accessor("role", { header: "Role", cell: (c) => <RoleSelect user={c.row.original} /> }),
  col.accessor("createdAt", { header: "Created", cell: (c) => formatDate(c.getValue()) }),
];

export function UserRolesPanel() {
  const state = useTableState();
  const query = useAdminUsers(state.params);
  return (
    <Panel title="User Role Management">
      <DataTable
        columns={columns}
        state={state}
        query={query}
        loadingText="Loading users..."
        emptyText="No users found"
        searchLabel="Search users"
      />
    </Panel>
  );
}

export function CreateUserPanel() {
  const mutation = useCreateUser();
  const { register, handleSubmit, formState, reset } = useForm<
    z.input<typeof createUserSchema>,
    unknown,
    z.output<typeof createUserSchema>
  >({
    resolver: zodResolver(createUserSchema),
    defaultValues: { username: "", password: "", role: "user" },
  });
  const errors = formState.errors;
  return (
    <Panel title="Create User">
      <form
        noValidate
        onSubmit={handleSubmit((values) => mutation.mutate(values, { onSuccess: () => reset() }))}
      >
        <InputField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...register("username")}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <SelectField
          label="Role"
          defaultValue="user"
          error={errors.role?.message}
          {...register("role")}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {capitalise(role)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Creating..." : "Create User"}
        </button>
      </form>
    </Panel>
  );
}
