import { useDocumentTitle } from "../../components/layouts/use-page-heading";
import { LoginForm } from "../../features/auth";
import { useT } from "../../i18n";

const FEATURES = [
  { title: "featureCustomersTitle", text: "featureCustomersText" },
  { title: "featureAnalyticsTitle", text: "featureAnalyticsText" },
  { title: "featureAuditTitle", text: "featureAuditText" },
] as const;

export default function AuthPage() {
  const t = useT();
  useDocumentTitle(t("signIn.title"));
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <main className="flex items-center justify-center p-8">
        <div className="card w-full max-w-sm bg-base-100 shadow">
          <div className="card-body">
            <h1 className="card-title text-2xl">{t("signIn.title")}</h1>
            <p className="mb-2 text-sm text-base-content/70">{t("signIn.subtitle")}</p>
            <LoginForm />
          </div>
        </div>
      </main>
      <aside className="hidden flex-col justify-center gap-6 bg-primary p-12 text-primary-content md:flex">
        <h2 className="text-3xl font-bold">{t("signIn.headline")}</h2>
        <ul className="flex flex-col gap-4">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <div className="font-semibold">{t(`signIn.${feature.title}`)}</div>
              <div className="text-sm opacity-80">{t(`signIn.${feature.text}`)}</div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
