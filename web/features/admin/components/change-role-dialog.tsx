import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { ManagedUserDto } from "../../../../src/domain/dto";
import type { Role } from "../../../../src/domain/enums";
import { CUSTOMER_LOGIN_REQUIRED, changeRoleSchema } from "../../../../src/domain/schemas";
import { Dialog } from "../../../components/ui/dialog";
import { FormActions } from "../../../components/ui/field";
import { PickerField } from "../../../components/ui/picker-field";
import { useT } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { CustomerPicker } from "../../customers";
import { useChangeUserRole } from "../api/change-user-role";
import "../../../i18n/areas/admin";
import "../../../i18n/areas/ui";

type Values = z.input<typeof changeRoleSchema>;

/** The user's role select (the one shown: the table's or the phone card's). */
function roleSelectOf(userId: number): HTMLElement | undefined {
  const selects = [...document.querySelectorAll<HTMLElement>(`select[data-role-of="${userId}"]`)];
  return selects.find((select) => select.getClientRects().length > 0) ?? selects[0];
}

/**
 * A role change asks first: it ends all of the user's sessions (DESIGN section 5), so a
 * mis-chosen role would sign a cashier out or make someone admin. A staff user becoming a
 * customer login picks the customer here, as at Create User: the server refuses a customer
 * login linked to none. Cancel leaves the role as it was; focus returns to the role select
 * (the one now in the row, should the row have re-rendered meanwhile).
 */
export default function ChangeRoleDialog({
  user,
  role,
  onClose,
}: {
  user: Pick<ManagedUserDto, "id" | "username" | "role" | "customerId">;
  role: Role;
  onClose: () => void;
}) {
  const mutation = useChangeUserRole();
  const t = useT();
  const needsCustomer = role === "customer" && user.customerId == null;
  const schema = useMemo(
    () =>
      changeRoleSchema.superRefine((value, ctx) => {
        if (needsCustomer && value.customerId == null) {
          ctx.addIssue({ code: "custom", path: ["customerId"], message: CUSTOMER_LOGIN_REQUIRED });
        }
      }),
    [needsCustomer],
  );
  const { control, handleSubmit, setError } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { role },
  });
  return (
    <Dialog
      title={t("admin.users.changeTitle", { username: user.username })}
      onClose={onClose}
      refocus={() => roleSelectOf(user.id)}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) =>
          mutation.mutate(
            {
              userId: user.id,
              role: values.role,
              customerId: needsCustomer ? (values.customerId ?? undefined) : undefined,
            },
            {
              onSuccess: onClose,
              onError: (error) => {
                const message = error instanceof ApiError ? error.fields?.customerId : undefined;
                if (message && needsCustomer) setError("customerId", { message });
              },
            },
          ),
        )}
      >
        <p className="mb-3 text-sm">
          {t("admin.users.changeText", {
            username: user.username,
            from: t(`ui.roles.${user.role}`),
            to: t(`ui.roles.${role}`),
          })}
        </p>
        {user.role === "customer" && user.customerId != null && (
          <p className="mb-3 text-sm">{t("admin.users.linkEnds")}</p>
        )}
        {needsCustomer && (
          <>
            <p className="mb-2 text-sm">{t("admin.users.chooseCustomer")}</p>
            <PickerField control={control} name="customerId" picker={CustomerPicker} />
          </>
        )}
        <FormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={t("admin.users.change")}
          pendingLabel={t("admin.users.changing")}
        />
      </form>
    </Dialog>
  );
}
