import type { Role } from "../../../../src/domain/enums";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useUserAction } from "./manage-user";
import "../../../i18n/areas/admin";

/** `customerId`: the customer record a user becoming a customer login belongs to. */
export const changeUserRole = ({
  userId,
  role,
  customerId,
}: {
  userId: number;
  role: Role;
  customerId?: number;
}) =>
  call("changeUserRole", {
    params: { userId },
    body: customerId === undefined ? { role } : { role, customerId },
  });

export const useChangeUserRole = () =>
  useUserAction(changeUserRole, () => i18n.t("admin.users.roleUpdated"));
