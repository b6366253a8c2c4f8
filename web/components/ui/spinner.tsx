import { useT } from "../../i18n";
import "../../i18n/areas/ui";

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <span
      className="loading loading-spinner loading-lg"
      role="status"
      aria-label={label ?? t("ui.loading")}
    />
  );
}

/** The centred spinner shown while the current-user lookup is pending. */
export function CenteredSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
