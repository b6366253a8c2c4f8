import { useT } from "../../i18n";
import "../../i18n/areas/ui";

/** What a user sees on a screen their role may not use: 'Access Denied: {text}'. */
export function AccessDenied({ text }: { text: string }) {
  const t = useT();
  return (
    <div role="alert" className="alert alert-error mx-auto mt-12 max-w-xl">
      <div>
        <h1 className="font-bold">{t("ui.accessDenied")}</h1>
        <p>{text}</p>
      </div>
    </div>
  );
}
