import type { Role } from "../../../../src/domain/enums";
import { i18n } from "../../../i18n";
import { call } from "../../../lib/api-client";
import { useUserAction } from "./manage-user";
import "../../../i18n/areas/admin";

export const changeUserRole = ({ userId, role }: { userId: number; role: Role }) =>
  call("changeUserRole", { params: { userId }, body: { role } });

export const useChangeUserRole = () =>
  useUserAction(changeUserRole, () => i18n.t("admin.users.roleUpdated"));
