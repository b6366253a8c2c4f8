import { zodResolver } from "@hookform/resolvers/zod";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { loginSchema } from "../../../../src/domain/schemas";
import { InputField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { sessionExpiredAtom } from "../../../lib/session";
import { useAuth } from "./auth-provider";

type LoginValues = z.input<typeof loginSchema>;

export default function LoginForm() {
  const { loginMutation } = useAuth();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const expired = useAtomValue(sessionExpiredAtom);
  const t = useT();
  // The server's reason stays beside the form (the toast goes after a while): wrong
  // credentials, too many attempts, or an account an admin disabled.
  const failure =
    loginMutation.error instanceof ApiError ? errorMessage(loginMutation.error) : null;
  // The page exists to sign in: the cursor starts in the username field.
  useEffect(() => setFocus("username"), [setFocus]);
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => loginMutation.mutate(values))}
      className="flex flex-col"
    >
      {expired && !failure && (
        <p role="alert" className="alert alert-warning mb-4 text-sm">
          {t("signIn.expired")}
        </p>
      )}
      {failure && (
        <p role="alert" className="alert alert-error mb-4 text-sm">
          {failure}
        </p>
      )}
      <InputField
        label={t("signIn.username")}
        autoComplete="username"
        error={errors.username?.message}
        {...register("username")}
      />
      <InputField
        label={t("signIn.password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <button type="submit" className="btn btn-primary mt-2" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? t("signIn.submitting") : t("signIn.submit")}
      </button>
    </form>
  );
}
