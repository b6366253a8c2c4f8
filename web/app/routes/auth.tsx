import { useDocumentTitle } from "../../components/layouts/use-page-heading";
import { LoginForm } from "../../features/auth";

const FEATURES = [
  { title: "Customer management", text: "Balances, credit limits and overdraft in one place." },
  { title: "Real-time analytics", text: "Live dashboards of bets, stakes and transactions." },
  { title: "Secure and auditable", text: "Every action is recorded with who did it and when." },
];

export default function AuthPage() {
  useDocumentTitle("Sign In");
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <main className="flex items-center justify-center p-8">
        <div className="card w-full max-w-sm bg-base-100 shadow">
          <div className="card-body">
            <h1 className="card-title text-2xl">Sign In</h1>
            <p className="mb-2 text-sm text-base-content/70">
              Sign in to the betting shop management system
            </p>
            <LoginForm />
          </div>
        </div>
      </main>
      <aside className="hidden flex-col justify-center gap-6 bg-primary p-12 text-primary-content md:flex">
        <h2 className="text-3xl font-bold">Betting shop management system</h2>
        <ul className="flex flex-col gap-4">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <div className="font-semibold">{feature.title}</div>
              <div className="text-sm opacity-80">{feature.text}</div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
