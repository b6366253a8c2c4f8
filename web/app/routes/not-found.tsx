import { useDocumentTitle } from "../../components/layouts/use-page-heading";
import { useT } from "../../i18n";
import "../../i18n/areas/ui";

export default function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t("ui.notFound.title"));
  return (
    // Outside the app's layout (a path no screen has): its own main landmark.
    <main className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="card bg-base-100 shadow">
        <div className="card-body">
          <h1 className="text-2xl font-bold">{t("ui.notFound.heading")}</h1>
          <p className="text-base-content/70">{t("ui.notFound.text")}</p>
        </div>
      </div>
    </main>
  );
}
